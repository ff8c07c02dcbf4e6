import { dayInWords, isoDay } from '../../contract/schedule';
import type { Db } from '../db/client';
import { type CheckTarget, orderTargets } from './target';

/** A run of an order a file is to serve, with what the file is checked against for it. */
export type RunCheckTarget = CheckTarget & { order: NonNullable<CheckTarget['order']> };

export type RunsOutcome =
  | { ok: true; targets: RunCheckTarget[] }
  | { ok: false; status: 404 | 409 | 422; message: string };

/** Why a run takes no file any more: its ad was due (past its deadline, only a call gets one in). */
export const lateFile = (run: { label: string; adDue: Date }) =>
  `The ad for ${run.label} was due on ${dayInWords(isoDay(run.adDue))}: call us to send a late file.`;

/**
 * The runs of one order a file is to serve (issue 33), all or none: an unknown order is refused at
 * once; otherwise every run that cannot take it is named, one sentence each (a run unknown, past its
 * ad deadline unless the file serves it already, of another spec sheet than the first run's). A
 * cancelled order needs no ad. `null` is the order's one run, for an order that has one.
 */
export async function runsTargets(
  db: Db,
  companyId: number,
  order: string,
  values: readonly (string | null)[],
  now: Date,
  options: { served?: ReadonlySet<string>; lateAllowed?: boolean } = {},
): Promise<RunsOutcome> {
  const targets: RunCheckTarget[] = [];
  const refusals: { status: 404 | 409 | 422; message: string }[] = [];
  const unknown: string[] = [];
  const targetOf = await orderTargets(db, companyId, order);
  for (const value of [...new Set(values)]) {
    const outcome = targetOf(value);
    if (!outcome.ok) {
      // The order itself is unknown (or takes no file): nothing else to say.
      if (outcome.status === 422 || outcome.message.startsWith('There is no order')) return outcome;
      // Unknown runs are named together, in one sentence.
      if (value && outcome.status === 404) unknown.push(value);
      else refusals.push(outcome);
      continue;
    }
    const { target } = outcome;
    const run = target.order;
    if (!run) continue;
    if (run.cancelled)
      return { ok: false, status: 422, message: `Order ${run.number} is cancelled: it needs no ad.` };
    const first = targets[0];
    if (!options.lateAllowed && !options.served?.has(run.run.value ?? '') && now > run.run.adDue)
      refusals.push({ status: 409, message: lateFile(run.run) });
    else if (first && first.sheet !== target.sheet)
      refusals.push({
        status: 422,
        message: `${run.run.label} takes the spec sheet ${target.sheetTitle}, not ${first.sheetTitle}: attach it in a separate step.`,
      });
    else targets.push({ ...target, order: run });
  }
  const [firstUnknown] = unknown;
  if (firstUnknown) {
    const runs = targetOf(firstUnknown);
    const its = runs.ok ? '' : runs.message.slice(runs.message.indexOf(': its runs are'));
    refusals.unshift({
      status: 404,
      message: `Order ${order.trim().toUpperCase()} has no run ${unknown.join(', ')}${its}`,
    });
  }
  const [refused] = refusals;
  if (refused)
    return { ok: false, status: refused.status, message: refusals.map((r) => r.message).join(' ') };
  return { ok: true, targets };
}
