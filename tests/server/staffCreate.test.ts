import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPglite } from '../../server/db/client';
import { auditLog, staffInvites } from '../../server/db/schema';
import { pgliteFolder } from '../support/serverProcess';

const run = promisify(execFile);

/** `npm run staff:create -- …` on a folder of its own: its exit code and what it printed. */
async function staffCreate(dataDir: string, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(
      process.execPath,
      ['--import', 'tsx', 'scripts/staff-create.ts', ...args],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', PUBLIC_URL: 'https://ads.example' },
      },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

describe('npm run staff:create', () => {
  let folder: Awaited<ReturnType<typeof pgliteFolder>>;
  beforeAll(async () => {
    folder = await pgliteFolder(inject('pgliteTemplate'));
  });
  afterAll(() => folder.remove());

  it('invites from a shell: prints the join link and leaves an audit entry by the shell', async () => {
    const made = await staffCreate(folder.dataDir, '--email', 'Robin@Ads.example', '--role', 'rep');
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(
      /^Invitation for robin@ads\.example \(rep\), valid until .+\. Send them this link: https:\/\/ads\.example\/admin\/join\?token=[\w-]+\n$/,
    );
    const database = await openPglite({ dataDir: folder.dataDir });
    try {
      const [invite] = await database.db
        .select()
        .from(staffInvites)
        .where(eq(staffInvites.email, 'robin@ads.example'));
      expect(invite).toMatchObject({ role: 'rep', invitedBy: null, usedAt: null });
      const entries = await database.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.recordId, String(invite?.id)));
      expect(entries).toMatchObject([
        { actor: 'shell', staffId: null, action: 'invite.created', recordType: 'invite' },
      ]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a role that does not exist with a sentence and exit code 1', async () => {
    const refused = await staffCreate(folder.dataDir, '--email', 'sam@ads.example', '--role', 'boss');
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toBe(
      'Choose a role with --role: admin, production, rep. Usage: npm run staff:create -- --email a@b.c --role rep\n',
    );
  }, 60_000);
});
