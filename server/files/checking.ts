import { asc, eq } from 'drizzle-orm';
import { saveVerdict } from '../data/adFileRuns';
import type { AdFileRow } from '../data/adFiles';
import type { Db } from '../db/client';
import { fileRuns, orders } from '../db/schema';
import type { Logger } from '../log';
import type { PreflightInput, PreflightResult } from '../preflight/index';
import type { UploadStorage } from './storage';
import { type CheckTarget, orderTargets, sheetTarget, type TargetOutcome } from './target';

export interface CheckDeps {
  db: Db;
  storage: UploadStorage;
  clock: () => Date;
  logger: Logger;
}

/** A check's identity: its sheet and the placement's own trim (two runs of one sheet may differ in trim). */
export const checkKey = (target: Pick<CheckTarget, 'sheet' | 'trim'>) =>
  `${target.sheet} ${target.trim ? `${target.trim.width}x${target.trim.height}` : 'any'}`;

type RunKey = { orderId: number; runValue: string };

/**
 * What a stored file is checked against: each distinct target (sheet and trim) of the runs it
 * serves, the first attached run's first (its verdict is the file's), or its sheet alone. A run
 * whose target cannot be worked out takes the file's verdict.
 */
export async function checkTargetsOf(
  db: Db,
  file: AdFileRow,
): Promise<
  { ok: true; groups: { target: CheckTarget; runs: RunKey[] }[] } | Extract<TargetOutcome, { ok: false }>
> {
  const rows = await db
    .select({ orderId: fileRuns.orderId, number: orders.number, runValue: fileRuns.runValue })
    .from(fileRuns)
    .innerJoin(orders, eq(orders.id, fileRuns.orderId))
    .where(eq(fileRuns.fileId, file.id))
    .orderBy(asc(fileRuns.attachedAt), asc(orders.number), asc(fileRuns.runValue));
  if (rows.length === 0) {
    const outcome = sheetTarget(file.sheet ?? '');
    return outcome.ok ? { ok: true, groups: [{ target: outcome.target, runs: [] }] } : outcome;
  }
  const groups = new Map<string, { target: CheckTarget; runs: RunKey[] }>();
  const byOrder = new Map<string, (run: string | null) => TargetOutcome>();
  for (const [index, row] of rows.entries()) {
    let targetOf = byOrder.get(row.number);
    if (!targetOf) {
      targetOf = await orderTargets(db, file.companyId, row.number);
      byOrder.set(row.number, targetOf);
    }
    const outcome = targetOf(row.runValue);
    if (!outcome.ok) {
      if (index === 0) return outcome;
      continue;
    }
    const key = checkKey(outcome.target);
    const group = groups.get(key) ?? { target: outcome.target, runs: [] };
    group.runs.push({ orderId: row.orderId, runValue: row.runValue });
    groups.set(key, group);
  }
  return { ok: true, groups: [...groups.values()] };
}

/** The verdict of a file that could not be checked at all: one failed check saying why. */
const refused = (name: string, message: string) => ({
  status: 'rejected' as const,
  format: null,
  checks: [{ name, result: 'failed' as const, message }],
  thumbnail: null,
});

/**
 * Preflights a file whose bytes are all in, with `run` (a check worker thread), and writes the verdict.
 * A file that cannot be read is `rejected` with what to do, never left `checking`.
 */
export async function checkStoredFile(
  deps: CheckDeps,
  file: AdFileRow,
  run: (input: PreflightInput) => Promise<PreflightResult>,
): Promise<void> {
  const token = file.uploadedAt;
  if (!token) return;
  const outcome = await checkTargetsOf(deps.db, file);
  if (!outcome.ok) {
    await saveVerdict(deps.db, file.id, token, refused('target', outcome.message), deps.clock());
    return;
  }
  const [first, ...others] = outcome.groups;
  if (!first) return;
  let copy: Awaited<ReturnType<UploadStorage['localCopy']>> | null = null;
  try {
    copy = await deps.storage.localCopy(file.id);
    const path = copy.path;
    const started = performance.now();
    const check = (target: CheckTarget) =>
      run({
        path,
        size: file.size,
        deliverables: target.deliverables,
        trim: target.trim,
        sheetTitle: target.sheetTitle,
      });
    const verdict = await check(first.target);
    // Runs whose placement has another trim than the first run's get their own check.
    const ownVerdicts = [];
    for (const group of others) {
      const own = await check(group.target);
      ownVerdicts.push({ runs: group.runs, status: own.status, checks: own.checks });
    }
    await saveVerdict(
      deps.db,
      file.id,
      token,
      {
        status: verdict.status,
        format: verdict.format,
        checks: verdict.checks,
        thumbnail: verdict.thumbnail ? verdict.thumbnail.toString('base64') : null,
      },
      deps.clock(),
      ownVerdicts,
    );
    const ms = Math.round(performance.now() - started);
    deps.logger.info({ file: file.id, status: verdict.status, ms }, 'an ad file was checked');
  } catch (error) {
    deps.logger.warn({ err: error, file: file.id }, 'an ad file could not be checked');
    const unreadable = 'The file could not be read: export it again and send the new file.';
    await saveVerdict(deps.db, file.id, token, refused('readable', unreadable), deps.clock());
  } finally {
    await copy?.done();
  }
}
