import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import pLimit from 'p-limit';
import { apiCall } from './client';
import type { SoakDatabase } from './databases';
import type { SoakRecord } from './record';
import type { World } from './world';

/**
 * The end of a soak: the files that arrived whole must all have been checked, and every write the
 * server acknowledged must be in the database once it has stopped, a file with exactly the bytes
 * acknowledged.
 */

export interface Lost {
  accounts: string[];
  carts: string[];
  orders: string[];
  /** Each with what is wrong: missing, or other bytes than acknowledged. */
  files: string[];
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits up to `withinMs` for the checks of every file that arrived whole: the ids still unchecked. */
export async function settledFiles(world: World, withinMs: number): Promise<string[]> {
  const deadline = performance.now() + withinMs;
  const limit = pLimit(4);
  let pending = [...world.record.files.values()].filter((file) => file.whole);
  while (pending.length > 0) {
    const statuses = await Promise.all(
      pending.map((file) =>
        limit(() =>
          apiCall<{ status: string }>(world, 'GET', `/files/${file.id}`, { token: file.token }).then(
            (answer) => answer.status,
            () => 'unknown',
          ),
        ),
      ),
    );
    pending = pending.filter((_, i) => ['uploading', 'checking', 'unknown'].includes(statuses[i] ?? ''));
    if (pending.length === 0 || performance.now() > deadline) break;
    await pause(1_000);
  }
  return pending.map((file) => file.id);
}

const missing = (acknowledged: string[], stored: Set<string>) =>
  acknowledged.filter((one) => !stored.has(one));

export async function verifyAcknowledged(record: SoakRecord, database: SoakDatabase): Promise<Lost> {
  const reader = await database.open();
  try {
    const column = async (sql: string) =>
      new Set((await reader.rows<{ value: string }>(sql)).map((row) => String(row.value)));
    const fileRows = await column('SELECT id AS value FROM ad_files');
    const files: string[] = [];
    for (const file of record.files.values()) {
      if (!fileRows.has(file.id)) {
        files.push(`${file.id}: no row`);
        continue;
      }
      const stored = await readFile(path.join(database.uploadsDir, file.id)).catch(() => null);
      if (!stored) files.push(`${file.id}: no bytes in the store`);
      else if (file.exact ? stored.length !== file.bytes : stored.length < file.bytes)
        files.push(`${file.id}: ${stored.length} bytes stored, ${file.bytes} acknowledged`);
      else if (createHash('sha256').update(stored.subarray(0, file.bytes)).digest('hex') !== file.sha256)
        files.push(`${file.id}: other bytes than the ${file.bytes} sent`);
    }
    return {
      accounts: missing(record.accounts, await column('SELECT email AS value FROM users')),
      carts: missing(record.carts, await column('SELECT uuid AS value FROM carts')),
      orders: missing(record.orders, await column('SELECT number AS value FROM orders')),
      files,
    };
  } finally {
    await reader.close();
  }
}
