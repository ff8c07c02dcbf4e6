import { addDays } from 'date-fns';
import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { dayInWords, isoDay } from '../../contract/schedule';
import { DESIGN_RUN, type OrderRunRow } from '../data/orderRuns';
import type { Db } from '../db/client';
import { adFiles, designProofs, fileRuns, runProofs } from '../db/schema';
import { DUE_SOON_DAYS, PROOF_LATE_DAYS } from './ordersQueue';

/** What "needs attention" is decided from, for one order (the queue's SQL decides the same). */
export interface AttentionFacts {
  runs: readonly OrderRunRow[];
  /** Its files, newest first. */
  files: readonly {
    runValue: string | null;
    status: string;
    review: string | null;
    approvedAt: Date | null;
  }[];
  /** The runs with a proof of delivery. */
  proven: ReadonlySet<string>;
  /** The number of a design proof the customer asked changes to, with no newer proof; else null. */
  changesTo: number | null;
}

/** "the March 2027 issue", "the week of Jan 18, 2027", "the design work". */
const runInWords = (row: OrderRunRow) =>
  row.run.includes('/')
    ? `the ${row.label}`
    : `the ${row.label.charAt(0).toLowerCase()}${row.label.slice(1)}`;

/** Why an order needs someone in the back office, in sentences; none when it does not (or is cancelled). */
export function attentionOf(facts: AttentionFacts, cancelled: boolean, now: Date): string[] {
  if (cancelled) return [];
  const reasons: string[] = [];
  const soon = addDays(now, DUE_SOON_DAYS);
  const late = addDays(now, -PROOF_LATE_DAYS);
  for (const run of facts.runs) {
    if (run.run === DESIGN_RUN) continue;
    const mine = facts.files.filter((file) => file.runValue === run.run);
    const approved = mine.some((file) => file.approvedAt !== null);
    const latest = mine[0];
    if (!approved && latest && run.endsAt >= now) {
      if (latest.review === 'returned')
        reasons.push(`The ad for ${runInWords(run)} was sent back to the customer and no new file has come.`);
      else if (latest.status === 'attention' || latest.status === 'rejected')
        reasons.push(`The latest ad file for ${runInWords(run)} failed its checks.`);
    }
    if (!approved && run.adDueAt >= now && run.adDueAt <= soon)
      reasons.push(
        `The ad for ${runInWords(run)} is due ${dayInWords(isoDay(run.adDueAt))} and no file is approved yet.`,
      );
    if (run.endsAt < late && !facts.proven.has(run.run))
      reasons.push(
        `${runInWords(run).replace(/^the/, 'The')} ended ${dayInWords(isoDay(run.endsAt))} and has no proof of delivery yet.`,
      );
  }
  if (facts.changesTo !== null)
    reasons.push(`The customer asked for changes to design proof ${facts.changesTo}: send a new proof.`);
  return reasons;
}

/** The files, proofs and design answers of orders, by order id, for attentionOf. */
export async function attentionFactsOf(
  db: Db,
  ids: readonly number[],
  runs: ReadonlyMap<number, readonly OrderRunRow[]>,
): Promise<Map<number, AttentionFacts>> {
  const found = new Map<number, AttentionFacts>();
  if (ids.length === 0) return found;
  const [files, proofs, designs] = await Promise.all([
    db
      .select({
        orderId: fileRuns.orderId,
        runValue: fileRuns.runValue,
        status: fileRuns.status,
        review: adFiles.review,
        approvedAt: fileRuns.approvedAt,
      })
      .from(fileRuns)
      .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
      .where(inArray(fileRuns.orderId, [...ids]))
      .orderBy(desc(fileRuns.attachedAt), desc(adFiles.createdAt)),
    db
      .selectDistinct({ orderId: runProofs.orderId, run: runProofs.run })
      .from(runProofs)
      .where(inArray(runProofs.orderId, [...ids])),
    db
      .select({ orderId: designProofs.orderId, number: designProofs.number, decision: designProofs.decision })
      .from(designProofs)
      .where(and(inArray(designProofs.orderId, [...ids]), isNotNull(designProofs.orderId)))
      .orderBy(desc(designProofs.number)),
  ]);
  for (const id of ids) {
    const latestDesign = designs.find((d) => d.orderId === id);
    found.set(id, {
      runs: runs.get(id) ?? [],
      files: files.filter((f) => f.orderId === id),
      proven: new Set(proofs.filter((p) => p.orderId === id).map((p) => p.run)),
      changesTo: latestDesign?.decision === 'changes' ? latestDesign.number : null,
    });
  }
  return found;
}
