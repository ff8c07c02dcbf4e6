import { expect } from 'vitest';
import type { Harness } from './harness';

/**
 * The tus protocol as a browser's client speaks it (creation, offset, patch, termination), against
 * the app in-process, so the tests can stop between chunks and carry on elsewhere.
 */

const TUS = { 'Tus-Resumable': '1.0.0' };
const metadataHeader = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');

export interface Created {
  status: number;
  /** The upload's path (its last segment is the file id), when created. */
  path: string | null;
  text: string;
}

export async function createUpload(
  h: Harness,
  token: string | null,
  length: number,
  metadata: Record<string, string>,
): Promise<Created> {
  const response = await h.app.request('/api/v1/uploads', {
    method: 'POST',
    headers: {
      ...TUS,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'Upload-Length': String(length),
      'Upload-Metadata': metadataHeader(metadata),
    },
  });
  const location = response.headers.get('location');
  return {
    status: response.status,
    path: location ? new URL(location, 'http://x').pathname : null,
    text: await response.text(),
  };
}

export async function offsetOf(
  h: Harness,
  token: string,
  path: string,
): Promise<{ status: number; offset: number }> {
  const response = await h.app.request(path, {
    method: 'HEAD',
    headers: { ...TUS, authorization: `Bearer ${token}` },
  });
  return { status: response.status, offset: Number(response.headers.get('upload-offset') ?? -1) };
}

export async function patch(h: Harness, token: string, path: string, offset: number, bytes: Uint8Array) {
  const response = await h.app.request(path, {
    method: 'PATCH',
    headers: {
      ...TUS,
      authorization: `Bearer ${token}`,
      'Upload-Offset': String(offset),
      'Content-Type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  return {
    status: response.status,
    offset: Number(response.headers.get('upload-offset') ?? -1),
    text: await response.text(),
  };
}

export async function terminate(h: Harness, token: string, path: string) {
  const response = await h.app.request(path, {
    method: 'DELETE',
    headers: { ...TUS, authorization: `Bearer ${token}` },
  });
  return { status: response.status, text: await response.text() };
}

/** Uploads a whole file in chunks, checking each answer; resolves with the file id. */
export async function uploadWhole(
  h: Harness,
  token: string,
  bytes: Uint8Array,
  metadata: Record<string, string>,
  chunk = 256 * 1024,
): Promise<string> {
  const created = await createUpload(h, token, bytes.length, metadata);
  expect(created.status, created.text).toBe(201);
  const path = created.path ?? '';
  for (let offset = 0; offset < bytes.length; offset += chunk) {
    const sent = await patch(h, token, path, offset, bytes.subarray(offset, offset + chunk));
    expect(sent.status, sent.text).toBe(204);
  }
  return path.split('/').pop() ?? '';
}
