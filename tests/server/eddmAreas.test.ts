import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type EddmArea,
  type EddmAreas,
  eddmArea,
  eddmAreas as eddmAreasSchema,
} from '../../contract/directMail';
import { envelope } from '../../contract/envelope';
import { eddmAreas, users } from '../../server/db/schema';
import { DRIVERS, type Harness } from './harness';
import { colleagueOf, customer, settableClock } from './orderShop';
import { caller } from './shop';

/*
 * Saved every-door areas (issue 34, point 5). Counts from the seed, as tests/server/directMail.test.ts
 * works them out: 60614's first routes as [residential, business, total] are C001 [369, 18, 387],
 * C002 [652, 41, 693], C003 [383, 41, 424].
 */

interface Sent<T> {
  status: number;
  body: { success: boolean; data: T; message: string; errors?: Record<string, string> };
}

describe.each(DRIVERS)('saved every-door areas on %s', (_name, open) => {
  let h: Harness;
  const clock = settableClock();
  const call = caller(() => h);
  let owner: { token: string; name: string };
  let member: { token: string };
  let admin: { token: string };
  let stranger: { token: string };

  /** Any method with a JSON body (the shop's caller has no PATCH or DELETE). */
  async function send<T = unknown>(
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    token: string | null,
    body?: unknown,
  ): Promise<Sent<T>> {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await h.app.request(`/api/v1/eddm/areas${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Sent<T>['body'] };
  }

  const list = async (token: string) => {
    const answer = await send<EddmAreas>('GET', '', token);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(eddmAreasSchema).parse(answer.body).data.areas;
  };

  const save = async (token: string, name: string, routes: string[], residentialOnly = false) => {
    const answer = await send<EddmArea>('POST', '', token, {
      name,
      routes,
      residential_only: residentialOnly,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return envelope(eddmArea).parse(answer.body).data;
  };

  const storedRows = () => h.database.db.select().from(eddmAreas);

  beforeAll(async () => {
    h = await open({ clock: clock.now, env: { LIMIT_INVITE_PER_ACCOUNT: '1000/1h' } });
    owner = await customer(call, 'Areas & Co');
    member = await colleagueOf(h, call, owner, 'areas-member');
    admin = await colleagueOf(h, call, owner, 'areas-admin', { role: 'admin' });
    stranger = await customer(call, 'Elsewhere Ltd');
  });
  afterAll(() => h.close());

  it('answers 401 to a call without a sign-in, on every route', async () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', `/${id}`],
      ['PATCH', `/${id}`],
      ['DELETE', `/${id}`],
    ] as const) {
      const answer = await send(method, path, null, method === 'POST' || method === 'PATCH' ? {} : undefined);
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(answer.body.message).toBe('Unauthenticated.');
    }
  });

  it('saves a selection with its counts, lists it to the team and renames and deletes it', async () => {
    clock.set('2027-01-11T09:00:00Z');
    const saved = await save(owner.token, 'Around the shop', ['60614c001', '60614C002'], true);
    expect(saved).toMatchObject({
      name: 'Around the shop',
      missing: [],
      residential_only: true,
      pieces: 369 + 652,
      zips: ['60614'],
      created_by: owner.name,
      may_change: true,
      created_at: '2027-01-11T09:00:00.000Z',
      updated_at: '2027-01-11T09:00:00.000Z',
    });
    expect(saved.routes.map((r) => [r.routecode, r.residential, r.business, r.total])).toEqual([
      ['60614C001', 369, 18, 387],
      ['60614C002', 652, 41, 693],
    ]);

    // A teammate sees it and may use it, not change it; an admin may change it.
    const [shared] = await list(member.token);
    expect(shared).toMatchObject({ id: saved.id, name: 'Around the shop', may_change: false });
    expect((await list(admin.token))[0]?.may_change).toBe(true);

    clock.set('2027-01-11T09:10:00Z');
    const renamed = await send<EddmArea>('PATCH', `/${saved.id}`, owner.token, { name: 'Near the shop' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({
      name: 'Near the shop',
      updated_at: '2027-01-11T09:10:00.000Z',
    });
    expect(renamed.body.data.routes).toHaveLength(2);

    const moved = await send<EddmArea>('PATCH', `/${saved.id}`, owner.token, {
      routes: ['60614C003'],
      residential_only: false,
    });
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ pieces: 424, residential_only: false, name: 'Near the shop' });
    expect((await send<EddmArea>('GET', `/${saved.id}`, member.token)).body.data.pieces).toBe(424);

    const deleted = await send('DELETE', `/${saved.id}`, owner.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('"Near the shop" is deleted.');
    expect(await list(owner.token)).toEqual([]);
    expect((await send('GET', `/${saved.id}`, owner.token)).status).toBe(404);
  });

  it('lists the most recently changed first', async () => {
    clock.set('2027-01-11T09:20:00Z');
    const first = await save(owner.token, 'First', ['60614C001']);
    clock.set('2027-01-11T09:21:00Z');
    const second = await save(member.token, 'Second', ['60614C002']);
    expect((await list(owner.token)).map((a) => a.name)).toEqual(['Second', 'First']);
    clock.set('2027-01-11T09:22:00Z');
    await send('PATCH', `/${first.id}`, owner.token, { residential_only: true });
    expect((await list(owner.token)).map((a) => a.name)).toEqual(['First', 'Second']);
    for (const area of [first, second]) await send('DELETE', `/${area.id}`, owner.token);
  });

  it("keeps each company's areas to itself: another company's id is a 404 and not in its list", async () => {
    const theirs = await save(owner.token, 'Ours', ['60614C001']);
    expect(await list(stranger.token)).toEqual([]);
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Taken over' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await send(method, `/${theirs.id}`, stranger.token, body);
      expect(answer.status, method).toBe(404);
      expect(answer.body.message).toBe(
        'Your company has no such saved area: it may have been deleted. Reload the list.',
      );
    }
    // A company may use a name another company uses.
    const own = await save(stranger.token, 'Ours', ['60614C002']);
    expect((await list(owner.token)).map((a) => a.id)).toEqual([theirs.id]);
    expect((await list(stranger.token)).map((a) => a.id)).toEqual([own.id]);
    const [row] = await h.database.db.select().from(eddmAreas).where(eq(eddmAreas.id, theirs.id));
    expect(row?.name).toBe('Ours');
    await send('DELETE', `/${theirs.id}`, owner.token);
    await send('DELETE', `/${own.id}`, stranger.token);
  });

  it('lets whoever saved an area, the owner and admins change it; other members only use it', async () => {
    clock.set('2027-01-11T09:30:00Z');
    const owners = await save(owner.token, 'The owner’s', ['60614C001']);
    clock.set('2027-01-11T09:31:00Z');
    const members = await save(member.token, 'The member’s', ['60614C002']);
    expect((await list(member.token)).map((a) => [a.name, a.may_change])).toEqual([
      ['The member’s', true],
      ['The owner’s', false],
    ]);

    for (const [method, body] of [
      ['PATCH', { name: 'Mine now' }],
      ['DELETE', undefined],
    ] as const) {
      const refused = await send(method, `/${owners.id}`, member.token, body);
      expect(refused.status, method).toBe(403);
      expect(refused.body.message).toBe(
        'Only whoever saved this area, the owner or an admin of your company can rename, change or delete it.',
      );
    }
    expect((await send('PATCH', `/${members.id}`, member.token, { name: 'Mine' })).status).toBe(200);
    expect((await send('PATCH', `/${members.id}`, admin.token, { name: 'Admin’s pick' })).status).toBe(200);
    expect((await send('DELETE', `/${members.id}`, owner.token)).status).toBe(200);
    expect((await send('DELETE', `/${owners.id}`, admin.token)).status).toBe(200);
    expect(await list(owner.token)).toEqual([]);
  });

  it('refuses a second area of the same name in a company (409), letter case aside', async () => {
    const first = await save(owner.token, 'Lincoln Park', ['60614C001']);
    const again = await send('POST', '', member.token, { name: '  lincoln park ', routes: ['60614C002'] });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(
      'Your company already has an area named "lincoln park". Choose another name, or rename that one first.',
    );
    const other = await save(owner.token, 'Old Town', ['60614C002']);
    const rename = await send('PATCH', `/${other.id}`, owner.token, { name: 'LINCOLN PARK' });
    expect(rename.status).toBe(409);
    // Its own name in another case is no clash.
    expect((await send('PATCH', `/${first.id}`, owner.token, { name: 'LINCOLN PARK' })).status).toBe(200);
    expect((await list(owner.token)).map((a) => a.name).sort()).toEqual(['LINCOLN PARK', 'Old Town']);
    for (const area of [first, other]) await send('DELETE', `/${area.id}`, owner.token);
  });

  it('saves one of two areas of the same name sent at the same moment (a double-click): the other is a 409', async () => {
    const body = { name: 'Around the shop', routes: ['60614C001'] };
    const answers = await Promise.all([
      send('POST', '', owner.token, body),
      send('POST', '', member.token, { ...body, name: 'AROUND the shop' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toMatch(
      /^Your company already has an area named "(Around the shop|AROUND the shop)"\. Choose another name/,
    );
    const mine = (await list(owner.token)).filter((a) => a.name.toLowerCase() === 'around the shop');
    expect(mine).toHaveLength(1);
    for (const area of mine) await send('DELETE', `/${area.id}`, owner.token);
  });

  it('reads the counts again on every answer and says which routes are no longer delivered', async () => {
    const saved = await save(owner.token, 'Old routes', ['60614C001']);
    // A route the source no longer has (saved when it did): the area keeps it, and says it is missing.
    await h.database.db
      .update(eddmAreas)
      .set({ routes: ['60614C001', '99999C001', '60614C003'] })
      .where(eq(eddmAreas.id, saved.id));
    const [area] = await list(member.token);
    expect(area?.routes.map((r) => r.routecode)).toEqual(['60614C001', '60614C003']);
    expect(area?.missing).toEqual(['99999C001']);
    expect(area?.pieces).toBe(387 + 424);
    expect(area?.zips).toEqual(['60614']);

    // Whoever saved it gone: the area stays, saved by nobody named.
    await h.database.db.update(eddmAreas).set({ createdBy: null }).where(eq(eddmAreas.id, saved.id));
    expect((await list(owner.token))[0]?.created_by).toBeNull();
    await send('DELETE', `/${saved.id}`, owner.token);
  });

  it('refuses hostile bodies with a sentence and changes nothing', async () => {
    const kept = await save(owner.token, 'Kept', ['60614C001']);
    const before = await storedRows();
    const many = Array.from({ length: 301 }, (_, i) => `60614C${String(i + 1).padStart(3, '0')}`);
    const bodies: [string, unknown, number, string][] = [
      ['empty', {}, 422, 'Name the area, like "Around the shop".'],
      ['no routes', { name: 'Nothing', routes: [] }, 422, 'Choose at least one carrier route to save.'],
      ['301 routes', { name: 'Too many', routes: many }, 422, 'Save at most 300 routes in one area.'],
      [
        'wrong types',
        { name: 42, routes: '60614C001', residential_only: 'yes' },
        422,
        'Choose at least one carrier route to save, as a list of codes like ["60614C001"].',
      ],
      ['a bad code', { name: 'Bad', routes: ['60614-1'] }, 422, 'A carrier route code looks like 60614C001.'],
      [
        'an unknown route',
        { name: 'Unknown', routes: ['60614C999'] },
        422,
        'There is no carrier route 60614C999',
      ],
      [
        'unknown keys',
        { name: 'Extra', routes: ['60614C001'], company_id: 1 },
        422,
        'There is no field company_id.',
      ],
      [
        'a huge name',
        { name: 'x'.repeat(5000), routes: ['60614C001'] },
        422,
        'Keep the name under 80 characters.',
      ],
      ['an array', [], 400, 'The request body must be an object.'],
      ['not JSON', '{"name":', 400, 'The request body is not valid JSON.'],
    ];
    for (const [what, body, status, sentence] of bodies) {
      const posted = await send('POST', '', owner.token, body);
      expect(posted.status, what).toBe(status);
      expect(JSON.stringify(posted.body), what).toContain(JSON.stringify(sentence).slice(1, -1));
      expect(posted.body.message.length, what).toBeGreaterThan(10);
      if (what === 'empty' || what === 'a huge name' || what === 'an array') continue;
      const patched = await send('PATCH', `/${kept.id}`, owner.token, body);
      expect(patched.status, `PATCH ${what}`).toBe(status);
      expect(JSON.stringify(patched.body), `PATCH ${what}`).toContain(JSON.stringify(sentence).slice(1, -1));
    }
    const emptyPatch = await send('PATCH', `/${kept.id}`, owner.token, {});
    expect(emptyPatch.status).toBe(422);
    expect(emptyPatch.body.message).toBe('Send the name, the routes or residential_only to change.');
    expect((await send('GET', '/not-an-id', owner.token)).status).toBe(400);
    expect(await storedRows()).toEqual(before);
    await send('DELETE', `/${kept.id}`, owner.token);
  });

  it('keeps areas when whoever saved them leaves, and the record says who saved them', async () => {
    const saved = await save(member.token, 'From a member', ['60614C002']);
    const [row] = await h.database.db
      .select({ createdBy: eddmAreas.createdBy, email: users.email })
      .from(eddmAreas)
      .leftJoin(users, eq(users.id, eddmAreas.createdBy))
      .where(eq(eddmAreas.id, saved.id));
    expect(row?.createdBy).not.toBeNull();
    expect(saved.created_by).toBe('Cole League');
    await send('DELETE', `/${saved.id}`, owner.token);
  });
});
