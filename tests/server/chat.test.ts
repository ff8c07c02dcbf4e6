import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertChatMessage, readChatMessages } from '../../server/data/chat';
import { chatMessages } from '../../server/db/schema';
import { keptLog } from '../support/keptLog';
import { DRIVERS, type Harness, json, manualClock } from './harness';

const MINUTE = 60_000;
/** The defaults of LIMIT_CHAT_PER_ADDRESS and of the per-browser limit (server/routes/chat.ts). */
const PER_ADDRESS = 30;
const PER_BROWSER_WINDOW = 20;
/** The ceiling of one conversation (server/data/chat.ts). */
const KEPT_PER_BROWSER = 200;

interface Answer {
  success: boolean;
  message: string;
  data: { id: number } | null;
}

/** The connection a request arrives on, as @hono/node-server hands it to the app. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe.each(DRIVERS)('visitor chat on %s', (_name, open) => {
  const clock = manualClock();
  const { logger, written } = keptLog();
  let h: Harness;
  let raised: Harness;

  beforeAll(async () => {
    h = await open({ clock: clock.now, logger });
    raised = await open({ clock: clock.now, env: { LIMIT_CHAT_PER_ADDRESS: '3/1m' } });
  });
  afterAll(async () => {
    await h.close();
    await raised.close();
  });

  const send = async (app: Harness['app'], address: string | null, browserId = randomUUID(), text = 'Hi') => {
    const response = await app.request(
      '/api/v1/chat/messages',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ browser_id: browserId, text }),
      },
      address === null ? undefined : from(address),
    );
    return { ...(await json<Answer>(response)), retryAfter: response.headers.get('retry-after') };
  };

  it('limits one client address whatever browser ids it makes up, with a sentence and Retry-After', async () => {
    for (let i = 0; i < PER_ADDRESS; i++) expect((await send(h.app, '198.51.100.7')).status).toBe(200);
    const refused = await send(h.app, '198.51.100.7');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Many messages came from your network in a short time. Try again in 10 minutes.',
    );
    expect(Number(refused.retryAfter)).toBe(600);
    // Another address is not held back; the same one is once its window has passed.
    expect((await send(h.app, '198.51.100.8')).status).toBe(200);
    clock.advance(10 * MINUTE);
    expect((await send(h.app, '198.51.100.7')).status).toBe(200);
  });

  it('counts an IPv6 client by its /64, so rotating through its own addresses does not help', async () => {
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await send(h.app, `2001:db8:7:1::${(i + 1).toString(16)}`)).status).toBe(200);
    expect((await send(h.app, '2001:db8:7:1:ffff::1')).status).toBe(429);
    expect((await send(h.app, '2001:db8:7:2::1')).status).toBe(200);
    clock.advance(10 * MINUTE);
  });

  it('reads the limit from LIMIT_CHAT_PER_ADDRESS', async () => {
    for (let i = 0; i < 3; i++) expect((await send(raised.app, '203.0.113.40')).status).toBe(200);
    const refused = await send(raised.app, '203.0.113.40');
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(
      'Many messages came from your network in a short time. Try again in 60 seconds.',
    );
    clock.advance(MINUTE);
    expect((await send(raised.app, '203.0.113.40')).status).toBe(200);
  });

  it('keeps the newest 200 messages of a conversation, and says so in the log without the text', async () => {
    const browserId = randomUUID();
    const sent: number[] = [];
    for (let i = 0; i < KEPT_PER_BROWSER + 2; i++) {
      if (i > 0 && i % PER_BROWSER_WINDOW === 0) clock.advance(10 * MINUTE);
      const answer = await send(h.app, null, browserId, `Secret ${i}`);
      expect(answer.status).toBe(200);
      sent.push(answer.body.data?.id ?? 0);
    }
    const kept = await readChatMessages(h.database.db, browserId, 1000);
    expect(kept.map((m) => m.id)).toEqual(sent.slice(2).reverse());
    const drops = written.filter((line) => line.includes('dropped to keep the inbox'));
    expect(drops).toHaveLength(2);
    expect(JSON.parse(drops[0] ?? '{}')).toMatchObject({ level: 40, ownMessages: 1, conversations: 0 });
    expect(drops.join('')).not.toContain('Secret');
    clock.advance(10 * MINUTE);
  });

  it('drops the conversations whose last message is oldest, whole, when the inbox is full', async () => {
    const db = h.database.db;
    await db.delete(chatMessages);
    const ceilings = { perBrowser: 3, total: 5 };
    const write = (browserId: string, text: string) =>
      insertChatMessage(db, { browserId, visitor: {}, text, path: null }, clock.now(), ceilings);
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await write(a, 'a1');
    await write(b, 'b1');
    await write(a, 'a2');
    await write(c, 'c1');
    // b wrote again after a and c: a's conversation, whose last message is the oldest, goes whole.
    expect((await write(b, 'b2')).pruned).toEqual({ ownMessages: 0, conversations: 0, messages: 0 });
    const full = await write(d, 'd1');
    expect(full.pruned).toEqual({ ownMessages: 0, conversations: 1, messages: 2 });
    const texts = async () => (await readChatMessages(db, undefined, 100)).map((m) => m.text);
    expect(await texts()).toEqual(['d1', 'b2', 'c1', 'b1']);
    await write(d, 'd2');
    expect((await write(d, 'd3')).pruned).toEqual({ ownMessages: 0, conversations: 1, messages: 1 });
    expect(await texts()).toEqual(['d3', 'd2', 'd1', 'b2', 'b1']);
    // A long conversation keeps its newest three.
    expect((await write(d, 'd4')).pruned).toEqual({ ownMessages: 1, conversations: 0, messages: 0 });
    expect(await texts()).toEqual(['d4', 'd3', 'd2', 'b2', 'b1']);
    expect(await readChatMessages(db, c, 10)).toEqual([]);
  });
});
