import type { ReactNode } from 'react';
import type { AdminInvoice } from '../../../../contract/adminInvoice';
import { MANUAL_PAYMENT_LABELS } from '../../../../contract/moneyWords';

const day = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const dayOf = (ymd: string) => day(`${ymd}T12:00:00Z`);

const PAYMENT_STATES: Record<string, string> = {
  pending: 'Under way',
  succeeded: 'Paid',
  failed: 'Failed',
  expired: 'Expired',
  rejected: 'Rejected',
};

/** A section of the invoice page: its heading, and a sentence when it holds nothing. */
function Part({ title, empty, children }: { title: string; empty: string | null; children: ReactNode }) {
  return (
    <section aria-label={title} className="grid gap-2">
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      {empty ? <p className="text-sm text-ink-muted">{empty}</p> : children}
    </section>
  );
}

const list = 'grid gap-1 text-sm';

/** Every payment and credit against the invoice, and the overdue reminders its billing contact was sent. */
export function InvoiceMoney({ invoice }: { invoice: AdminInvoice }) {
  return (
    <>
      <Part title="Card payments" empty={invoice.card_payments.length === 0 ? 'No card payment.' : null}>
        <ul className={list}>
          {invoice.card_payments.map((p) => (
            <li key={`${p.at}-${p.amount.cents}-${p.status}`}>
              {day(p.at)}: {p.amount.formatted} {p.card ? `by ${p.card}` : 'by card'} ·{' '}
              {PAYMENT_STATES[p.status] ?? p.status}
            </li>
          ))}
        </ul>
      </Part>
      <Part
        title="Payments recorded"
        empty={invoice.manual_payments.length === 0 ? 'No check, ACH or wire recorded.' : null}
      >
        <ul className={list}>
          {invoice.manual_payments.map((p) => (
            <li key={`${p.received_on}-${p.reference}`}>
              {dayOf(p.received_on)}: {p.amount.formatted} by {MANUAL_PAYMENT_LABELS[p.method].toLowerCase()}{' '}
              ({p.reference})
            </li>
          ))}
        </ul>
      </Part>
      <Part title="Credits applied" empty={invoice.credits.length === 0 ? 'No credit applied.' : null}>
        <ul className={list}>
          {invoice.credits.map((c) => (
            <li key={`${c.applied_at}-${c.amount.cents}`}>
              {day(c.applied_at)}: {c.amount.formatted} ({c.reason})
            </li>
          ))}
        </ul>
      </Part>
      <Part title="Reminders" empty={invoice.reminders.length === 0 ? 'No overdue reminder sent.' : null}>
        <ul className={list}>
          {invoice.reminders.map((r) => (
            <li key={r.step}>
              Reminder sent to {r.sent_to} on {day(r.sent_at)} ({r.days_past_due}{' '}
              {r.days_past_due === 1 ? 'day' : 'days'} past due)
            </li>
          ))}
        </ul>
      </Part>
    </>
  );
}
