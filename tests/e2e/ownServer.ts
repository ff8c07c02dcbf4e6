import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { loadPgliteTemplate, pgliteTemplate } from '../support/pgliteTemplate';
import { getFreePort } from '../support/ports';
import { E2E_SERVER_ENV } from './serverEnv';

/**
 * A server of the test's own (the built app, the server's bundle, an embedded database in a temporary
 * folder), for tests that must restart it: data has to survive the restart.
 */
export async function startOwnServer(env: Record<string, string> = {}) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'adlane-own-'));
  const dataDir = path.join(dir, 'pglite');
  const template = await loadPgliteTemplate(await pgliteTemplate());
  const dump = await template.dumpDataDir('none');
  await template.close();
  await (await PGlite.create({ dataDir, loadDataDir: dump })).close();
  const port = await getFreePort();
  let child: ChildProcess | null = null;
  /** Everything its processes printed, every start's after the one before. */
  let printed = '';

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const server = spawn(process.execPath, ['dist/.server/main.js'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          // Links it makes (e-mails, payment pages' way back) lead to the address the tests use.
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          OUTBOX_KEY: process.env.E2E_OUTBOX_KEY ?? '',
          ...E2E_SERVER_ENV,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = server;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        printed += chunk.toString();
        if (output.includes('is ready')) resolve();
      };
      server.stdout?.on('data', onData);
      server.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        printed += chunk.toString();
      });
      server.once('exit', (code) =>
        reject(new Error(`The server exited (${code}) before it was ready:\n${output}`)),
      );
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });

  await start();
  return {
    baseURL: `http://127.0.0.1:${port}`,
    /** What the server printed so far (its first start's one-time links: the outbox, the staff setup). */
    output: () => printed,
    /**
     * Stops the process and starts a new one on the same database folder; `whileStopped` gets the
     * folder in between (a test that writes what no API writes: an invoice due weeks ago).
     */
    restart: async (whileStopped?: (dataDir: string) => Promise<void>) => {
      await stop();
      await whileStopped?.(dataDir);
      await start();
    },
    close: async () => {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
