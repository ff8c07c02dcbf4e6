import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { learnContext } from '../support/hostile/context';
import { bytesOf } from '../support/hostile/encode';
import { type Endpoint, endpointName, type FuzzContext } from '../support/hostile/endpoint';
import { ENDPOINTS } from '../support/hostile/endpoints';
import { judge, type Send } from '../support/hostile/judge';
import { type HostileRequest, hostileRequests } from '../support/hostile/requests';
import { sendToApp } from '../support/hostile/send';
import { DRIVERS, type Harness } from './harness';

/**
 * Issue 14, point 1: no input answers 5xx. Every endpoint gets hostile variants of its input, built
 * from its contract schema and a valid sample (wrong kinds, NUL and lone surrogates, huge numbers,
 * deep nesting, broken encodings, every content type, truncated multipart, bodies over the limit),
 * and must answer each with a 4xx and a message in its own shape, or a 2xx. `npm run fuzz` sends
 * the same requests by the ten thousand to a running server; here each endpoint gets a few.
 */
const RUNS = Number(process.env.HOSTILE_RUNS ?? 12);

describe.each(DRIVERS)('hostile input on %s', (_driver, open) => {
  let h: Harness;
  let send: Send;
  let ctx: FuzzContext;

  beforeAll(async () => {
    h = await open();
    send = sendToApp(h.app);
    ctx = await learnContext(send, { afterAnswers: () => h.background.settled() });
  });
  afterAll(() => h.close());

  it.each(ENDPOINTS.map((endpoint): [string, Endpoint] => [endpointName(endpoint), endpoint]))(
    '%s answers hostile variants with a 4xx and a message, never a 5xx',
    async (_name, endpoint) => {
      await fc.assert(
        fc.asyncProperty(hostileRequests(endpoint, ctx), async (request) => {
          const problem = judge(endpoint, request, await send(request));
          if (problem)
            throw new Error(`${request.method} ${request.target} (${request.variant}): ${problem}`);
        }),
        { numRuns: RUNS },
      );
    },
    60_000,
  );

  const post = (
    target: string,
    body: string,
    headers: Record<string, string>,
    token?: string,
  ): HostileRequest => ({
    method: 'POST',
    target,
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: bytesOf(body),
    variant: 'example',
  });
  const json = (target: string, value: unknown, token?: string) =>
    post(target, JSON.stringify(value), { 'content-type': 'application/json' }, token);
  const answerOf = async (request: HostileRequest) => {
    const answer = await send(request);
    return { status: answer.status, body: JSON.parse(answer.text) as Record<string, unknown> };
  };

  it('refuses the findings of the issue with a 400 that names the field, where each was a 500', async () => {
    const nulName = await answerOf(
      json('/api/v1/register', {
        email: 'nul.name@example.com',
        password: 'long enough password',
        firstname: 'Ada\u0000',
        lastname: 'Lovelace',
        company: 'Engines',
      }),
    );
    expect(nulName).toEqual({
      status: 400,
      body: {
        success: false,
        data: null,
        meta: { drop_cookies: [] },
        message: 'firstname: contains characters that cannot be stored (NUL or broken Unicode).',
      },
    });
    const invite = await answerOf(
      json('/api/v1/team/invite', { email: 'x@example.com', lastname: 'B\u0000' }, ctx.token),
    );
    expect([invite.status, invite.body.message]).toEqual([
      400,
      'lastname: contains characters that cannot be stored (NUL or broken Unicode).',
    ]);
    const billing = {
      name: 'Ada',
      email: 'billing@example.com',
      phone: '(312) 555-0100',
      company: 'Engines',
      address: '1 Main St',
      city: 'Chicago',
      state: 'IL',
      zip: '60601',
    };
    const place = (value: Record<string, string>) =>
      answerOf(
        json(
          `/api/v1/checkout/${ctx.cartId}/place`,
          {
            billing: { ...billing, ...value },
            idempotency_key: 'hostile-example-key-01',
            item_ids: ctx.itemIds,
          },
          ctx.token,
        ),
      );
    const nulBilling = await place({ city: 'Chi\u0000cago' });
    expect([nulBilling.status, nulBilling.body.message]).toEqual([
      400,
      'billing.city: contains characters that cannot be stored (NUL or broken Unicode).',
    ]);
    const surrogateBilling = await place({ name: 'Ada \ud800' });
    expect([surrogateBilling.status, surrogateBilling.body.message]).toEqual([
      400,
      'billing.name: contains characters that cannot be stored (NUL or broken Unicode).',
    ]);
    // A pair of surrogates is one character (an emoji), and is fine.
    expect((await place({ address: '1 Main St 😀', po_number: 'x'.repeat(41) })).body.message).not.toContain(
      'cannot be stored',
    );

    const search = await answerOf(
      post('/1/indexes/*/queries', '{"requests":[{"indexName":"adlane_search","query":"\\ud800"}]}', {
        'content-type': 'application/json',
      }),
    );
    expect(search).toEqual({
      status: 400,
      body: {
        message:
          'requests[0]: query: broken Unicode (a lone surrogate); send text as UTF-8 or paired \\u escapes.',
        status: 400,
      },
    });
    const multipart = await answerOf(post('/api/v1/login', 'x', { 'content-type': 'multipart/form-data' }));
    expect([multipart.status, multipart.body.message]).toEqual([
      400,
      'The form data could not be read: send complete multipart parts with the boundary of the Content-Type header.',
    ]);
    const places = await answerOf({
      method: 'GET',
      target: '/geocoding/v5/mapbox.places/a%00b.json',
      headers: {},
      variant: 'example',
    });
    expect([places.status, places.body.message]).toEqual([
      400,
      'query: contains characters that cannot be stored (NUL or broken Unicode).',
    ]);
    for (const target of [
      '/api/v1/media/search?search=%ED%A0%80&zip[]=%FF&page=%',
      '/api/v1/media/%E0%A4%A',
    ]) {
      expect(
        (
          await send({
            method: target.includes('search') ? 'POST' : 'GET',
            target,
            headers: {},
            variant: 'example',
          })
        ).status,
      ).toBeLessThan(500);
    }
  });
});
