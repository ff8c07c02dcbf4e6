import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildServer, type ServerBundle } from '../../scripts/serverBundle';
import {
  api,
  childrenOf,
  pgliteFolder,
  type ServerProcess,
  sendFile,
  spawnServer,
} from '../support/serverProcess';

/*
 * The production server: the bundle `npm run build` writes (scripts/serverBundle.ts), run as
 * `npm start` runs it, with plain node. It finds the files it reads at run time (migrations, the chat
 * widget's scripts, the preflight thread's module) beside itself, and the static site never serves it.
 */

const root = path.resolve(import.meta.dirname, '../..');
/** A build folder of this test's own, inside the checkout: the bundle imports its node_modules. */
const staticDir = path.join(root, '.tmp', `bundle-test-${process.pid}`);
/** Longer than a check of a small PNG may take, so a thread that never answers fails, not hangs. */
const GIVE_UP_MS = 60_000;

let server: ServerProcess;
let folder: { dataDir: string; remove(): void };
let bundle: ServerBundle;

beforeAll(async () => {
  bundle = await buildServer(staticDir);
  const { outdir } = bundle;
  writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><title>Adlane</title><div id="root"></div>',
  );
  folder = await pgliteFolder(inject('pgliteTemplate'));
  server = await spawnServer(
    { DATA_DIR: folder.dataDir, STATIC_DIR: staticDir, LIMIT_REGISTER_PER_ADDRESS: '100/1h' },
    `${outdir}/main.js`,
  );
  await server.ready;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  folder?.remove();
  rmSync(staticDir, { recursive: true, force: true });
});

const commandLine = (pid: number) => readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');

async function register(): Promise<string> {
  const registered = await api<{ token: string }>(server.baseURL, 'POST', '/register', {
    body: {
      email: `bundle-${server.pid}@bundle.example`,
      password: 'correct horse battery',
      firstname: 'Pat',
      lastname: 'Bundle',
      company: `Bundle Test ${server.pid}`,
    },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  return registered.body.data.token;
}

/** The file's status once its check has ended: asked every 20 ms (a real process's thread answers). */
async function checkedStatus(token: string, id: string): Promise<string> {
  const deadline = performance.now() + GIVE_UP_MS;
  for (;;) {
    const answer = await api<{ status: string }>(server.baseURL, 'GET', `/files/${id}`, { token });
    expect(answer.status).toBe(200);
    if (answer.body.data.status !== 'checking') return answer.body.data.status;
    if (performance.now() > deadline)
      throw new Error(`${id} was still being checked after ${GIVE_UP_MS} ms.`);
    await delay(20);
  }
}

describe('the server bundle, run with plain node', { timeout: 90_000 }, () => {
  it('becomes ready on an embedded database, its supervisor and server processes running JavaScript without tsx', () => {
    const processes = [server.pid, ...childrenOf(server.pid)];
    const commands = processes.map(commandLine);
    expect(commands.some((command) => command.includes(`.server${path.sep}worker.js`))).toBe(true);
    for (const command of commands) expect(command).not.toContain('tsx');
  });

  it('serves the chat widget script it reads from beside itself', async () => {
    const answer = await fetch(`${server.baseURL}/chat/widget.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await answer.text()).toContain(
      readFileSync(path.join(root, 'server/platform/chatLauncherFit.js'), 'utf8'),
    );
  });

  it('checks an uploaded PNG on a preflight thread loaded from the bundle', async () => {
    const token = await register();
    const banner = await sharp({ create: { width: 300, height: 250, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const id = await sendFile(server.baseURL, token, {
      name: 'banner.png',
      type: 'image/png',
      sheet: 'online-display-ads',
      bytes: banner,
    });
    expect(await checkedStatus(token, id)).toBe('passed');
  });

  it('never serves the bundle as a static file, while serving the built app', async () => {
    expect((await fetch(`${server.baseURL}/`)).status).toBe(200);
    for (const file of [
      '/.server/main.js',
      '/.server/worker.js',
      '/.server/db/migrations/meta/_journal.json',
    ])
      expect((await fetch(`${server.baseURL}${file}`)).status, file).toBe(404);
  });
});

describe('package.json', () => {
  const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
    dependencies: Record<string, string>;
    devDependencies: Record<string, string>;
    optionalDependencies?: Record<string, string>;
  };

  it('has every package the bundle imports among its dependencies, so an install without the development ones runs it', () => {
    expect(bundle.packages).toContain('hono');
    for (const name of bundle.packages)
      expect({ ...manifest.dependencies, ...manifest.optionalDependencies }, name).toHaveProperty([name]);
  });

  it('runs the bundle with plain node, tsx and esbuild being tools of development only', () => {
    expect(manifest.scripts.start).toContain('node dist/.server/main.js');
    expect(manifest.scripts.serve).toBe('exec node dist/.server/main.js');
    expect(manifest.dependencies).not.toHaveProperty('tsx');
    expect(manifest.devDependencies).toHaveProperty('tsx');
    expect(manifest.devDependencies).toHaveProperty('esbuild');
  });
});
