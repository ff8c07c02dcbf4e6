import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import { auditLog } from '../../server/db/schema';
import { DRIVERS, type Harness, manualClock } from './harness';
import { adminCall, staffSession } from './staffFixtures';

/** The database's words, wherever the driver put them (drizzle wraps them in "Failed query"). */
async function refusal(work: () => Promise<unknown>): Promise<string> {
  try {
    await work();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? '';
    return `${(error as Error).message} ${cause}`;
  }
  return 'no error';
}

describe.each(DRIVERS)('the audit log on %s', (_name, open) => {
  let h: Harness;
  const clock = manualClock('2027-01-11T20:00:00Z');
  let admin: Awaited<ReturnType<typeof staffSession>>;

  beforeAll(async () => {
    h = await open({ clock: clock.now, env: { TRUST_PROXY: '1' } });
    admin = await staffSession(h, 'admin', { now: clock.now(), email: 'dana@ads.example' });
  });
  afterAll(() => h.close());

  const entries = async (query = '') => {
    const answer = await adminCall<{ entries: AuditEntry[] }>(h, 'GET', `/audit${query}`, {
      token: admin.token,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return { list: answer.body.data?.entries ?? [], meta: answer.body.meta };
  };

  it('records who, what, the record, before and after, when and from where, without secrets', async () => {
    const rep = await staffSession(h, 'rep', { now: clock.now(), email: 'robin@ads.example' });
    const changed = await adminCall(h, 'PATCH', `/staff/${rep.staff.id}`, {
      token: admin.token,
      body: { role: 'production' },
      from: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.23' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const { list } = await entries('?action=staff.updated');
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      at: '2027-01-11T20:00:00.000Z',
      actor: 'dana@ads.example',
      action: 'staff.updated',
      record: { type: 'staff', id: rep.staff.id, path: '/admin/staff' },
      changes: [{ field: 'role', before: 'rep', after: 'production' }],
      address: '198.51.100.23',
    });
    const [row] = await h.database.db.select().from(auditLog).where(eq(auditLog.action, 'staff.updated'));
    const stored = JSON.stringify(row);
    expect(stored).not.toMatch(/password|totp|argon2/i);
    expect(row?.requestId).toBeTruthy();
  });

  it('records invitations and sign-outs', async () => {
    // The next day, inside the admin's 8 hours.
    clock.advance(6 * 3_600_000);
    const invited = await adminCall(h, 'POST', '/staff/invites', {
      token: admin.token,
      body: { email: 'new@ads.example', role: 'rep' },
    });
    expect(invited.status).toBe(200);
    const other = await staffSession(h, 'production', { now: clock.now() });
    expect((await adminCall(h, 'POST', '/logout', { token: other.token })).status).toBe(200);
    const { list } = await entries('?from=2027-01-12');
    expect(list.map((e) => e.action)).toEqual(['staff.signedOut', 'invite.created']);
    expect(list[1]?.changes).toEqual(
      expect.arrayContaining([
        { field: 'email', before: null, after: 'new@ads.example' },
        { field: 'role', before: null, after: 'rep' },
      ]),
    );
  });

  it('filters by actor, action, record type and day, newest first', async () => {
    expect((await entries('?to=2027-01-11')).list.map((e) => e.action)).toEqual(['staff.updated']);
    expect((await entries('?action=invite')).list.map((e) => e.action)).toEqual(['invite.created']);
    expect((await entries('?type=invite')).list).toHaveLength(1);
    expect((await entries('?actor=DANA')).list.map((e) => e.action)).toEqual([
      'invite.created',
      'staff.updated',
    ]);
    const all = await entries();
    expect(all.meta).toMatchObject({ page: 1, pages: 1, total: 3 });
    const bad = await adminCall(h, 'GET', '/audit?from=yesterday', { token: admin.token });
    expect(bad.status).toBe(400);
    for (const day of ['2024-13-01', '2027-02-30'])
      expect((await adminCall(h, 'GET', `/audit?from=${day}`, { token: admin.token })).status).toBe(400);
  });

  it('is read by admins only', async () => {
    for (const role of ['production', 'rep'] as const) {
      const member = await staffSession(h, role, { now: clock.now() });
      expect((await adminCall(h, 'GET', '/audit', { token: member.token })).status).toBe(403);
    }
  });

  it('is append-only in the database: no update, delete or truncate, whoever asks', async () => {
    const db = h.database.db;
    expect(await refusal(() => db.update(auditLog).set({ actor: 'someone else' }))).toMatch(/append-only/);
    expect(await refusal(() => db.delete(auditLog))).toMatch(/append-only/);
    expect(await refusal(() => db.execute(sql`TRUNCATE audit_log`))).toMatch(/append-only/);
    expect((await entries()).meta).toMatchObject({ total: 3 });
  });
});
