import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Enrolment, StaffSession } from '../../contract/staff';
import { postgresDatabase } from '../support/postgres';
import { api, pgliteFolder, type ServerProcess, spawnServer } from '../support/serverProcess';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';
import { totpCode } from './staffFixtures';

/*
 * A first start with nobody in the back office prints its setup link, as it prints the outbox's; the
 * link's token makes the first admin; once they have signed in with a code no start prints it again.
 */

const LINK = /Staff setup: http:\/\/localhost:\d+\/admin\/setup\?token=([\w-]+)/;
const PASSWORD = 'a long staff password 31';

const tokenIn = (output: string) => LINK.exec(output)?.[1] ?? null;

describe('the back office setup link printed at a first start', () => {
  const running: ServerProcess[] = [];
  const cleanups: Array<() => unknown> = [];
  afterAll(async () => {
    await Promise.all(running.map((server) => server.stop()));
    for (const cleanup of cleanups) await cleanup();
  });

  it('is printed on the embedded database, works, and is not printed after the first enrolment', async () => {
    const folder = await pgliteFolder(inject('pgliteTemplate'));
    cleanups.push(folder.remove);
    const first = await spawnServer({ DATA_DIR: folder.dataDir });
    running.push(first);
    await first.ready;
    await first.printed('Staff setup: ');
    const token = tokenIn(first.output());
    expect(token).not.toBeNull();

    const setup = await api<Enrolment>(first.baseURL, 'POST', '/admin/setup', {
      body: { token, email: 'first@ads.example', name: 'First Admin', password: PASSWORD },
    });
    expect(setup.status, JSON.stringify(setup.body)).toBe(200);
    const secret = new URL(setup.body.data.otpauth).searchParams.get('secret') ?? '';
    const signedIn = await api<StaffSession>(first.baseURL, 'POST', '/admin/login', {
      body: { email: 'first@ads.example', password: PASSWORD, code: await totpCode(secret, new Date()) },
    });
    expect(signedIn.status, JSON.stringify(signedIn.body)).toBe(200);
    await first.stop();

    const again = await spawnServer({ DATA_DIR: folder.dataDir });
    running.push(again);
    await again.ready;
    await again.stop();
    expect(again.output()).not.toContain('Staff setup');
  }, 120_000);

  const serverUrl = inject('postgresUrl');
  it.skipIf(!serverUrl)(
    'prints the same link from every server process on one PostgreSQL',
    async () => {
      const database = await postgresDatabase(serverUrl ?? '', 'staffsetup', POSTGRES_TEMPLATE_DB);
      cleanups.push(database.drop);
      const [a, b] = await Promise.all([
        spawnServer({ DATABASE_URL: database.url }),
        spawnServer({ DATABASE_URL: database.url }),
      ]);
      running.push(a, b);
      await Promise.all([a.printed('Staff setup: '), b.printed('Staff setup: ')]);
      expect(tokenIn(a.output())).not.toBeNull();
      expect(tokenIn(a.output())).toBe(tokenIn(b.output()));
    },
    120_000,
  );
});
