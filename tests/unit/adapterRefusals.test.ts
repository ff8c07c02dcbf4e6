import { beforeEach, describe, expect, it } from 'vitest';
import { refreshLogin } from '../../src/api/auth';
import { fetchSpecSheet, fetchSpecSheets } from '../../src/api/content';
import { fetchMedia, searchMedia } from '../../src/api/media';
import { setServerFetch } from '../../src/api/transport';

/*
 * The adapters converted to the one error convention answer a Result however the API refuses, and
 * throw only when it cannot be reached. Their calls go through the transport's server fetch, here a
 * fake that answers what each test puts in `answers`, in order.
 */
let answers: Array<Response | Error>;
let asked: string[];
setServerFetch(async (url, init) => {
  asked.push(`${init?.method ?? 'GET'} ${new URL(url, 'http://api.invalid').pathname}`);
  const next = answers.shift();
  if (!next) throw new Error(`nothing answers ${url}`);
  if (next instanceof Error) throw next;
  return next;
});
beforeEach(() => {
  answers = [];
  asked = [];
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const envelope = (status: number, over: Record<string, unknown>) =>
  json(status, { success: status < 400, data: null, message: '', meta: { drop_cookies: [] }, ...over });

describe('a refresh of the sign-in', () => {
  it('refused because the person was removed from a team names the company, whatever the status', async () => {
    const meta = { drop_cookies: [], access_removed: { company: 'Harbor Dental' } };
    const message = 'Your access to Harbor Dental was removed.';
    answers.push(envelope(401, { message, meta }), envelope(200, { data: { uuid: 'u-1' }, message, meta }));
    const removed = { ok: false, message, fieldErrors: {}, status: 401, removedFrom: 'Harbor Dental' };
    expect(await refreshLogin('refresh-1')).toEqual(removed);
    expect(await refreshLogin('refresh-1')).toEqual({ ...removed, status: 200 });
  });

  it('refused otherwise is a plain refusal; answered, the new sign-in', async () => {
    answers.push(envelope(401, { message: 'Unauthenticated.' }), envelope(200, { data: { uuid: 'u-1' } }));
    expect(await refreshLogin('refresh-1')).toEqual({
      ok: false,
      message: 'Unauthenticated.',
      fieldErrors: {},
      status: 401,
    });
    expect(await refreshLogin('refresh-1')).toEqual({ ok: true, data: { uuid: 'u-1' }, message: '' });
  });
});

describe('the media calls', () => {
  it('a search answers its hits with the paging of the meta, or the refusal', async () => {
    const data = { items: [{ mediacode: 'PM-1' }], markets: [] };
    answers.push(
      envelope(200, {
        data,
        message: '',
        meta: { drop_cookies: [], total: 30, page: 2, pages: 2, per_page: 24 },
      }),
      envelope(200, { data, message: 'No market has zip 99999.' }),
      envelope(422, { message: 'Choose a media type.' }),
    );
    const params = { mediaTypes: ['all'], lifestyle: 'all', zips: [] };
    expect(await searchMedia(params)).toEqual({
      ok: true,
      data: { ...data, total: 30, page: 2, pages: 2, perPage: 24, message: '' },
      message: '',
    });
    expect(await searchMedia(params)).toEqual({
      ok: true,
      data: { ...data, total: 1, page: 1, pages: 1, perPage: 1, message: 'No market has zip 99999.' },
      message: 'No market has zip 99999.',
    });
    expect(await searchMedia(params)).toEqual({
      ok: false,
      message: 'Choose a media type.',
      fieldErrors: {},
      status: 422,
    });
  });

  it('a placement the API does not have is a 404 refusal; an API out of reach still throws', async () => {
    answers.push(envelope(404, { message: 'Not found.' }), new Error('connection refused'));
    expect(await fetchMedia('PM-404')).toMatchObject({ ok: false, status: 404, message: 'Not found.' });
    await expect(fetchMedia('PM-1')).rejects.toThrow();
  });
});

const sheet = (slug: string) => ({ slug });
const sheetsPage = (slugs: string[], endCursor: string | null) =>
  json(200, {
    data: {
      specSheets: {
        nodes: slugs.map(sheet),
        totalCount: 3,
        pageInfo: { hasNextPage: endCursor !== null, endCursor },
      },
    },
  });

describe('the content queries', () => {
  it('an unknown slug (GraphQL’s NOT_FOUND, answered with a 200) is a 404 refusal with its sentence', async () => {
    const notFound = { message: 'No spec sheet has the slug "nope".', extensions: { code: 'NOT_FOUND' } };
    answers.push(json(200, { data: { specSheet: null }, errors: [notFound] }));
    expect(await fetchSpecSheet('nope')).toEqual({
      ok: false,
      message: 'No spec sheet has the slug "nope".',
      fieldErrors: {},
      status: 404,
    });
  });

  it('any other error is the content API’s failure (502), a host without /graphql included', async () => {
    const internal = { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    answers.push(json(200, { data: null, errors: [internal] }), new Response('Not Found', { status: 404 }));
    expect(await fetchSpecSheet('linear-tv-spots')).toMatchObject({
      ok: false,
      status: 502,
      message: 'Unexpected error.',
    });
    expect(await fetchSpecSheet('linear-tv-spots')).toMatchObject({ ok: false, status: 502 });
  });

  it('an API out of reach throws (src/system says so in a person’s words)', async () => {
    answers.push(new Error('connection refused'));
    await expect(fetchSpecSheet('linear-tv-spots')).rejects.toThrow();
  });

  it('every spec sheet follows the pages to the end; a page refused is the refusal', async () => {
    answers.push(sheetsPage(['a', 'b'], 'cursor-2'), sheetsPage(['c'], null));
    expect(await fetchSpecSheets()).toEqual({ ok: true, data: ['a', 'b', 'c'].map(sheet), message: '' });
    const internal = { message: 'Unexpected error.', extensions: { code: 'INTERNAL_SERVER_ERROR' } };
    answers.push(sheetsPage(['a', 'b'], 'cursor-2'), json(200, { data: null, errors: [internal] }));
    expect(await fetchSpecSheets()).toMatchObject({ ok: false, status: 502, message: 'Unexpected error.' });
    expect(asked.every((line) => line === 'POST /graphql')).toBe(true);
  });
});
