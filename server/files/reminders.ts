import { differenceInCalendarDays, setHours, startOfDay, subDays } from 'date-fns';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, not } from 'drizzle-orm';
import { isoDay } from '../../contract/schedule';
import { findMediaMany } from '../data/catalogue';
import { awaitingPaymentSql } from '../data/checkoutPayments';
import { runsOfOrders } from '../data/orderRuns';
import type { Db } from '../db/client';
import { adFiles, adReminders, cartItems, fileRuns, orders, users } from '../db/schema';
import { mails } from '../mail/messages';
import { type MailDeps, transportOf, writeMail } from '../mail/send';
import { brandOf } from '../mail/templates/brand';
import { withKeptDue } from '../orders/fulfilment';
import { runsOf } from '../orders/runs';
import { boughtOf } from '../orders/terms';

/** Reminders go out this many days before a run's ad is due, at 9 am, while it has no approved ad. */
export const REMINDER_DAYS = [7, 2] as const;
const SEND_HOUR = 9;
const BATCH = 20;

/** The instant the reminder `days` before a run's ad-due day is sent. */
export const reminderAt = (adDue: Date, days: number): Date =>
  setHours(startOfDay(subDays(adDue, days)), SEND_HOUR);

/**
 * Writes the reminder rows of every live order's runs still ahead (once each: the rows are unique
 * per run and day). A reminder whose time came before the order was placed is not written: an order
 * placed five days before its deadline gets the two-day one only.
 */
export async function planReminders(db: Db, now: Date): Promise<number> {
  const live = await db
    .select({ order: orders, item: cartItems })
    .from(orders)
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .where(
      and(
        isNull(orders.cancelledAt),
        // Every order not yet over: a flight's later weeks have their ads due long after its first.
        gt(orders.endsAt, now),
        // A card checkout's orders stand once paid; a later run plans them then.
        not(awaitingPaymentSql()),
      ),
    );
  const placements = await findMediaMany(
    db,
    live.map((r) => r.item.mediacode),
  );
  const kept = await runsOfOrders(
    db,
    live.map((r) => r.order.id),
  );
  const rows: (typeof adReminders.$inferInsert)[] = [];
  for (const { order, item } of live) {
    // The ad-due day kept when the order was placed (issue 31): a later lead-time edit does not move it.
    const runs = withKeptDue(
      runsOf(boughtOf(item, placements.get(item.mediacode) ?? null, order.placedAt, order.totalCents)),
      kept.get(order.id) ?? [],
    );
    for (const run of runs) {
      if (run.value === null || run.adDue <= now) continue;
      for (const days of REMINDER_DAYS) {
        const sendAt = reminderAt(run.adDue, days);
        if (sendAt < order.placedAt) continue;
        rows.push({ orderId: order.id, runValue: run.value, daysBefore: days, sendAt });
      }
    }
  }
  if (rows.length === 0) return 0;
  const written = await db
    .insert(adReminders)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: adReminders.id });
  return written.length;
}

/** `declined`: everyone it would go to turned the reminders off on their profile. */
type Outcome = 'sent' | 'approved' | 'cancelled' | 'late' | 'declined';

type UserRow = typeof users.$inferSelect;

interface Recipient {
  email: string;
  firstname: string;
  /** Who placed the order, when the reminder goes to someone else because that person has left. */
  placedBy: string | null;
}

/**
 * Who a run's reminder goes to: the person who placed the order; once they have left the company (or
 * for an order whose buyer is unknown), its owner and admins, who now look after the order. Only
 * people who keep the reminders on.
 */
async function recipientsOf(db: Db, companyId: number, placer: UserRow | null): Promise<Recipient[]> {
  if (placer && placer.removedAt === null)
    return placer.adReminders ? [{ email: placer.email, firstname: placer.firstname, placedBy: null }] : [];
  const managers = await db
    .select({ email: users.email, firstname: users.firstname })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        inArray(users.role, ['owner', 'admin']),
        isNull(users.removedAt),
        eq(users.adReminders, true),
      ),
    )
    .orderBy(asc(users.createdAt), asc(users.id));
  const placedBy = placer ? `${placer.firstname} ${placer.lastname}` : null;
  return managers.map((m) => ({ ...m, placedBy }));
}

/**
 * Sends the reminders that are due (the `reminders.adDue` job, every five minutes). Rows are claimed
 * with FOR UPDATE SKIP LOCKED and marked done in the same transaction that writes their e-mail to the
 * outbox and queues its `mail.send` job, so two replicas never send one twice and a crash loses none. A run with an approved ad, a
 * cancelled order, or a deadline already passed needs none: the row is closed without an e-mail. A
 * reminder goes to whoever placed the order, or to the company's owner and admins once that person
 * has left it.
 */
export async function sendDueReminders(deps: MailDeps): Promise<{ sent: number; closed: number }> {
  const { db, config } = deps;
  const now = deps.clock();
  const goesOut = transportOf(deps) !== null;
  const claimed = await deps.jobs.inTransaction(db, async (tx, send) => {
    const due = await tx
      .select({ reminder: adReminders, order: orders, item: cartItems, user: users })
      .from(adReminders)
      .innerJoin(orders, eq(orders.id, adReminders.orderId))
      .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(and(isNull(adReminders.doneAt), lte(adReminders.sendAt, now)))
      .orderBy(asc(adReminders.sendAt), asc(adReminders.id))
      .limit(BATCH)
      .for('update', { of: adReminders, skipLocked: true });
    const placements = await findMediaMany(
      tx,
      due.map((d) => d.item.mediacode),
    );
    /** Each claimed reminder's e-mails written to the outbox: none when it was closed without one. */
    const kept = await runsOfOrders(
      tx,
      due.map((d) => d.order.id),
    );
    const mailsPerReminder: number[] = [];
    for (const { reminder, order, item, user } of due) {
      const placement = placements.get(item.mediacode) ?? null;
      const run = withKeptDue(
        runsOf(boughtOf(item, placement, order.placedAt, order.totalCents)),
        kept.get(order.id) ?? [],
      ).find((r) => r.value === reminder.runValue);
      const [approved] = await tx
        .select({ id: fileRuns.fileId })
        .from(fileRuns)
        .where(
          and(
            eq(fileRuns.orderId, order.id),
            eq(fileRuns.runValue, reminder.runValue),
            isNotNull(fileRuns.approvedAt),
          ),
        )
        .limit(1);
      const recipients = order.cancelledAt || !run ? [] : await recipientsOf(tx, order.companyId, user);
      let outcome: Outcome = 'sent';
      if (order.cancelledAt || !run) outcome = 'cancelled';
      else if (approved) outcome = 'approved';
      else if (recipients.length === 0) outcome = 'declined';
      else if (run.adDue <= now) outcome = 'late';
      // A reminder whose nearer one is due too (the worker was stopped for days) is not sent: one
      // e-mail says it all.
      else if (
        due.some(
          (other) =>
            other.reminder.orderId === reminder.orderId &&
            other.reminder.runValue === reminder.runValue &&
            other.reminder.daysBefore < reminder.daysBefore,
        )
      )
        outcome = 'late';
      if (outcome === 'sent' && run) {
        const [latest] = await tx
          .select({ name: adFiles.name, status: fileRuns.status, checks: fileRuns.checks })
          .from(fileRuns)
          .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
          .where(and(eq(fileRuns.orderId, order.id), eq(fileRuns.runValue, reminder.runValue)))
          .orderBy(desc(fileRuns.attachedAt), desc(adFiles.createdAt))
          .limit(1);
        for (const recipient of recipients) {
          const mail = await mails.adReminder(
            recipient.email,
            brandOf(config),
            {
              firstname: recipient.firstname,
              placedBy: recipient.placedBy,
              placement: placement?.name ?? `Placement ${item.mediacode}`,
              run: run.label,
              order: order.number,
              due: isoDay(run.adDue),
              daysLeft: differenceInCalendarDays(run.adDue, now),
              latest: latest
                ? {
                    name: latest.name,
                    status: latest.status,
                    problems: latest.checks.filter((c) => c.result === 'failed').map((c) => c.message),
                  }
                : null,
            },
            `${config.publicUrl}/orders/${order.number}`,
          );
          await writeMail(tx, send, mail, now, goesOut);
        }
      }
      await tx.update(adReminders).set({ doneAt: now, outcome }).where(eq(adReminders.id, reminder.id));
      mailsPerReminder.push(outcome === 'sent' ? recipients.length : 0);
    }
    return mailsPerReminder;
  });
  return {
    sent: claimed.reduce((sum, mailCount) => sum + mailCount, 0),
    closed: claimed.filter((mailCount) => mailCount === 0).length,
  };
}
