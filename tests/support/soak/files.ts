import { createHash } from 'node:crypto';
import { createUpload, sendPart, uploadOffset } from '../httpShop';
import { BEHAVIOURS, type Behaviour, rawRequest } from '../rawHttp';
import { type Client, pick, signedIn } from './client';
import { timeout } from './record';
import type { Image, World } from './world';

/**
 * Ad files the way the /files page and its clients send and fetch them: tus uploads in two parts,
 * some resumed from the offset the server holds, some abandoned half way; downloads read whole, or
 * closed early, reset, read slowly or by range. A PATCH the server acknowledged is a write it keeps.
 */

/** How tus-js-client waits before asking for the offset again after a part failed. */
const RETRY_DELAYS_MS = [250, 500, 1_000, 2_000];

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** A file's id, from its upload's path (`/api/v1/uploads/{id}`). */
const idOf = (path: string) => path.slice(path.lastIndexOf('/') + 1);

/** The offset the server holds, asked again after a failure (a server process being replaced). */
async function resumeOffset(world: World, token: string, path: string): Promise<number | null> {
  for (const delay of [0, ...RETRY_DELAYS_MS]) {
    await pause(delay);
    const offset = await world.record.timed('upload offset', () =>
      uploadOffset(world.base, token, path, timeout()),
    );
    if (offset !== null) return offset;
  }
  return null;
}

/** Sends the bytes from `from` to `to`: the new offset, recorded as acknowledged; null on a failure. */
async function sendRange(world: World, token: string, path: string, image: Image, from: number, to: number) {
  const id = idOf(path);
  const offset = await world.record.timed('upload part', () =>
    sendPart(world.base, token, path, from, image.bytes.subarray(from, to), timeout()),
  );
  const known = world.record.files.get(id);
  if (offset === null) {
    // The part may have been written in part: the store holds at least what was acknowledged.
    if (known) known.exact = false;
    return null;
  }
  world.record.files.set(id, {
    id,
    bytes: offset,
    sha256: sha256(image.bytes.subarray(0, offset)),
    exact: true,
    whole: offset === image.bytes.length,
    token,
  });
  return offset;
}

/**
 * The server says it holds every byte (a HEAD, after a part that failed): a tus client sends no more,
 * so the file must be checked like one whose last PATCH was acknowledged.
 */
function heldWhole(world: World, id: string, token: string): void {
  const known = world.record.files.get(id);
  if (known) known.whole = true;
  else
    world.record.files.set(id, {
      id,
      bytes: 0,
      sha256: sha256(new Uint8Array()),
      exact: false,
      whole: true,
      token,
    });
}

/** Parts of one file that may fail (a kill) before its client gives up, as tus-js-client retries. */
const MOST_FAILED_PARTS = 3;
/** Parts sent for one file at most, whatever the server answers. */
const MOST_PARTS = 8;

/**
 * Half the file, then the rest: at once, or after asking the server for its offset (a resumed upload),
 * or never (an abandoned one). After a part that failed the client goes on from the offset the server
 * holds, as tus clients do.
 */
export async function upload(client: Client, world: World): Promise<void> {
  const customer = await signedIn(client, world);
  if (!customer) return;
  const { token } = customer;
  const image = pick(world.images);
  const chance = Math.random();
  const mode = chance < 0.5 ? 'two parts' : chance < 0.8 ? 'resumed' : 'abandoned';
  const order = client.orders.at(-1);
  const target: Record<string, string> = order
    ? { order: order.number, run: order.run }
    : { sheet: 'magazine-print-ads' };
  const path = await world.record.timed('upload create', () =>
    createUpload(
      world.base,
      token,
      image.bytes.length,
      { filename: image.name, filetype: image.type, ...target },
      timeout(),
    ),
  );
  if (!path) return;
  const size = image.bytes.length;
  const half = Math.floor(size / 2);
  let offset = 0;
  let failed = 0;
  let askOffset = mode === 'resumed';
  for (let part = 0; offset < size && part < MOST_PARTS; part++) {
    const sent = await sendRange(world, token, path, image, offset, offset < half ? half : size);
    if (sent !== null && mode === 'abandoned') return;
    if (sent !== null && !askOffset) {
      offset = sent;
      continue;
    }
    if (sent === null) failed += 1;
    if (failed > MOST_FAILED_PARTS) return;
    askOffset = false;
    const held = await resumeOffset(world, token, path);
    if (held === null) return;
    if (held === size) heldWhole(world, idOf(path), token);
    offset = held;
  }
  if (offset === size) client.files.push({ id: idOf(path), size });
}

/** A client that closes early or resets wants no whole answer; the others must get every byte. */
const WANTS_WHOLE: ReadonlySet<Behaviour> = new Set(['complete', 'closeAtEnd', 'slowRead', 'range', 'head']);

/** Why a download's answer is wrong for the client that asked, or null when it is right. */
function downloadProblem(
  behaviour: Behaviour,
  size: number,
  answer: Awaited<ReturnType<typeof rawRequest>>,
): string | null {
  if (behaviour === 'reset') return null;
  if (answer.status === null) return 'no answer';
  if (answer.status !== 200 && answer.status !== 206) return `${answer.status}`;
  if (!WANTS_WHOLE.has(behaviour)) return null;
  if (!answer.complete) return `cut short after ${answer.bodyBytes} bytes`;
  const whole = behaviour === 'complete' || behaviour === 'slowRead';
  if (whole && answer.bodyBytes !== size) return `${answer.bodyBytes} bytes of ${size}`;
  return null;
}

export async function download(client: Client, world: World): Promise<void> {
  if (client.files.length === 0) await upload(client, world);
  const token = client.customer?.token;
  if (!token || client.files.length === 0) return;
  const file = pick(client.files);
  const behaviour = pick(BEHAVIOURS);
  const startedAt = performance.now();
  const answer = await rawRequest(
    world.port,
    { path: `/api/v1/files/${file.id}/download`, headers: { Authorization: `Bearer ${token}` } },
    behaviour,
  );
  const problem = downloadProblem(behaviour, file.size, answer);
  world.record.add({
    kind: 'download',
    startedAt,
    endedAt: performance.now(),
    status: answer.status,
    verdict: problem ? 'failed' : 'ok',
    interrupted: answer.status === null || !answer.complete,
    detail: problem ? `download (${behaviour}): ${problem}` : '',
  });
}
