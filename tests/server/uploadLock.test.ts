import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { postgresDatabase } from '../support/postgres';
import { api, type ServerProcess, spawnServer } from '../support/serverProcess';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';

/*
 * Issue 29, point 4: the tus lock is one for every server process on a PostgreSQL. A client whose
 * PATCH stalls on one replica retries on another from the offset the first kept; the first request's
 * late bytes must not land over the retry's. Two real processes share the database and the folder.
 */

const serverUrl = inject('postgresUrl');
const SIZE = 64 * 1024;
const FIRST = 1024;
const TUS = { 'Tus-Resumable': '1.0.0' };

interface Answer {
  status: number | null;
  offset: string | null;
  /** When the answer's head arrived (performance.now()). */
  at: number;
}

/**
 * A PATCH on a bare socket whose body is sent in two goes: `first` at once, the rest when `resume`
 * is called, as a connection that stalled and then went on would.
 */
function stalledPatch(port: number, upload: string, token: string, first: Buffer, length: number) {
  const socket = net.connect(port, '127.0.0.1');
  const head = [
    `PATCH ${upload} HTTP/1.1`,
    `Host: 127.0.0.1:${port}`,
    'Connection: close',
    'Tus-Resumable: 1.0.0',
    `Authorization: Bearer ${token}`,
    'Upload-Offset: 0',
    'Content-Type: application/offset+octet-stream',
    `Content-Length: ${length}`,
  ].join('\r\n');
  let received = '';
  const answered = new Promise<Answer>((resolve) => {
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const lines = received.slice(0, end).split('\r\n');
      const offset = lines.find((line) => line.toLowerCase().startsWith('upload-offset:'));
      resolve({
        status: Number(lines[0]?.split(' ')[1]),
        offset: offset?.slice(offset.indexOf(':') + 1).trim() ?? null,
        at: performance.now(),
      });
    });
    socket.on('close', () => resolve({ status: null, offset: null, at: performance.now() }));
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  // The server may close first: the rest of the body then has nowhere to go.
  socket.on('error', () => {});
  socket.on('connect', () => {
    socket.write(`${head}\r\n\r\n`);
    socket.write(first);
  });
  return {
    answered,
    closed,
    resume: (rest: Buffer) => {
      if (!socket.destroyed) socket.end(rest);
    },
  };
}

describe.skipIf(!serverUrl)('an upload’s lock across two processes on one PostgreSQL', () => {
  let a: ServerProcess;
  let b: ServerProcess;
  let uploads: string;
  let database: Awaited<ReturnType<typeof postgresDatabase>> | undefined;

  beforeAll(async () => {
    uploads = await mkdtemp(path.join(tmpdir(), 'adlane-lock-'));
    database = await postgresDatabase(serverUrl ?? '', 'uploadlock', POSTGRES_TEMPLATE_DB);
    const env = { DATABASE_URL: database.url, UPLOADS_DIR: uploads };
    [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    await Promise.all([a.ready, b.ready]);
  }, 300_000);
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.drop();
    await rm(uploads, { recursive: true, force: true });
  });

  const offsetOn = async (on: ServerProcess, upload: string, token: string) => {
    const answer = await fetch(`${on.baseURL}${upload}`, {
      method: 'HEAD',
      headers: { ...TUS, authorization: `Bearer ${token}` },
    });
    return answer.headers.get('upload-offset');
  };

  it('lets a retried PATCH write only once the stalled one has stopped, and keeps the exact bytes', async () => {
    const email = `lock-${randomBytes(4).toString('hex')}@replicas.example`;
    const registered = await api(a.baseURL, 'POST', '/register', {
      body: {
        email,
        password: 'correct horse battery',
        firstname: 'Lou',
        lastname: 'Lock',
        company: 'Locks',
      },
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
    const signedIn = await api<{ token: string }>(b.baseURL, 'POST', '/login', {
      body: { email, password: 'correct horse battery' },
    });
    const token = signedIn.body.data.token;
    const bytes = randomBytes(SIZE);
    const metadata = [
      `filename ${Buffer.from('ad.pdf').toString('base64')}`,
      `filetype ${Buffer.from('application/pdf').toString('base64')}`,
      `sheet ${Buffer.from('magazine-print-ads').toString('base64')}`,
    ].join(',');
    const created = await fetch(`${a.baseURL}/api/v1/uploads`, {
      method: 'POST',
      headers: {
        ...TUS,
        authorization: `Bearer ${token}`,
        'Upload-Length': String(SIZE),
        'Upload-Metadata': metadata,
      },
    });
    expect(created.status, await created.text()).toBe(201);
    const upload = new URL(created.headers.get('location') ?? '', a.baseURL).pathname;
    const file = path.join(uploads, upload.split('/').pop() ?? '');

    // A's PATCH has stored its first kilobyte and stalls (read on disk: asking the offset would lock).
    const stalled = stalledPatch(a.port, upload, token, bytes.subarray(0, FIRST), SIZE);
    while ((await stat(file)).size < FIRST) await new Promise((resolve) => setTimeout(resolve, 20));

    // The client gives up on A and sends the rest to B, from the offset A kept.
    const retried = await fetch(`${b.baseURL}${upload}`, {
      method: 'PATCH',
      headers: {
        ...TUS,
        authorization: `Bearer ${token}`,
        'Upload-Offset': String(FIRST),
        'Content-Type': 'application/offset+octet-stream',
      },
      body: new Uint8Array(bytes.subarray(FIRST)),
    });
    const onB: Answer = {
      status: retried.status,
      offset: retried.headers.get('upload-offset'),
      at: performance.now(),
    };
    // Then A's stalled connection wakes up and sends what it still had: other bytes.
    stalled.resume(Buffer.alloc(SIZE - FIRST, 0xaa));
    await stalled.closed;
    const onA = await stalled.answered;

    expect(onB).toMatchObject({ status: 204, offset: String(SIZE) });
    // B wrote only after A's PATCH had ended, and A's answer does not claim the whole file.
    expect(onA.at).toBeLessThan(onB.at);
    expect(onA.offset).not.toBe(String(SIZE));
    expect(Buffer.compare(await readFile(file), bytes)).toBe(0);
    expect([await offsetOn(a, upload, token), await offsetOn(b, upload, token)]).toEqual([
      String(SIZE),
      String(SIZE),
    ]);
  });
});
