import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { createActor } from 'xstate';
import type { OpenInvoice } from '../../../../contract/adminMoney';
import { formatCentsExact } from '../../../../contract/money';
import {
  MANUAL_PAYMENT_LABELS,
  MANUAL_PAYMENT_METHODS,
  type ManualPaymentMethod,
} from '../../../../contract/moneyWords';
import { dayInWords } from '../../../../contract/schedule';
import {
  allocationOf,
  centsOfTyped,
  isDraftTouched,
  newPaymentDraft,
} from '../../../../machines/admin/moneyDraft';
import { useLoadedApp } from '../../../system/AppContext';
import { recordPaymentLogic } from '../../../system/admin/money';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { Labelled } from '../orders/Labelled';
import { CloseButton, FieldError, MoneyDialog, moneyInputClasses } from './MoneyDialog';

/**
 * "Record a payment": how the money came, when, how much and its reference, the invoices it pays
 * (each up to its balance unless an amount is typed), then a review of where the money goes and
 * what is left as a credit before it is recorded (machines/admin/recordPayment.machine.ts).
 */
export function RecordPaymentDialog({
  company,
  today,
  invoices,
  onDone,
  onUnknown,
  onClose,
}: {
  company: string;
  today: string;
  invoices: readonly OpenInvoice[];
  /** Its first value is the one called: the actor is made with it (the page's callbacks are stable). */
  onDone(message: string): void;
  /** The answer was lost: the page reloads its lists so the person can see whether it was recorded. */
  onUnknown(): void;
  onClose(): void;
}) {
  const app = useLoadedApp();
  // The page's callbacks are its stable ones: the actor calls them as its answer comes in.
  const actor = useFlowActor(() =>
    createActor(
      recordPaymentLogic({
        done: (recorded) => onDone(recorded ?? 'The payment is recorded.'),
        unknown: onUnknown,
      }),
      { ...app.actorOptions, input: { company, today, invoices } },
    ),
  );
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.errors);
  const message = useSelector(actor, (s) => s.context.message);
  const step = useSelector(actor, (s) =>
    s.matches('reviewing')
      ? 'reviewing'
      : s.matches('submitting')
        ? 'submitting'
        : s.matches('failed')
          ? 'failed'
          : s.status === 'done'
            ? 'done'
            : 'editing',
  );
  const ids = useId();
  const dirty = useSelector(actor, (s) => isDraftTouched(s.context.draft, newPaymentDraft(today, invoices)));

  const allocation = allocationOf(draft);
  const payment = centsOfTyped(draft.amount) ?? 0;
  const editing = step === 'editing';
  const errorId = (field: string) => `${ids}-${field}`;
  const described = (field: string) => (errors[field] ? errorId(field) : undefined);

  return (
    <MoneyDialog
      title="Record a payment"
      discardQuestion="Discard this payment?"
      busy={step === 'submitting'}
      dirty={dirty}
      onClose={onClose}
      onSubmit={() => actor.send({ type: editing ? 'payment.review' : 'payment.confirm' })}
    >
      {(requestClose) => (
        <>
          <fieldset disabled={!editing} className="grid gap-4 tb:grid-cols-2">
            <Labelled label="Method">
              {(id) => (
                <select
                  id={id}
                  data-autofocus
                  value={draft.method}
                  onChange={(e) =>
                    actor.send({ type: 'payment.method', method: e.target.value as ManualPaymentMethod })
                  }
                  className={moneyInputClasses(undefined)}
                >
                  {MANUAL_PAYMENT_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {MANUAL_PAYMENT_LABELS[m]}
                    </option>
                  ))}
                </select>
              )}
            </Labelled>
            <Labelled label="Received on">
              {(id) => (
                <>
                  <input
                    id={id}
                    type="date"
                    max={today}
                    value={draft.date}
                    aria-invalid={errors.date ? true : undefined}
                    aria-describedby={described('date')}
                    onChange={(e) =>
                      actor.send({ type: 'payment.field', field: 'date', value: e.target.value })
                    }
                    className={moneyInputClasses(errors.date)}
                  />
                  <FieldError id={errorId('date')} message={errors.date} />
                </>
              )}
            </Labelled>
            <Labelled label="Amount received ($)">
              {(id) => (
                <>
                  <input
                    id={id}
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft.amount}
                    aria-invalid={errors.amount ? true : undefined}
                    aria-describedby={described('amount')}
                    onChange={(e) =>
                      actor.send({ type: 'payment.field', field: 'amount', value: e.target.value })
                    }
                    className={moneyInputClasses(errors.amount)}
                  />
                  <FieldError id={errorId('amount')} message={errors.amount} />
                </>
              )}
            </Labelled>
            <Labelled label="Check number or reference">
              {(id) => (
                <>
                  <input
                    id={id}
                    autoComplete="off"
                    maxLength={100}
                    value={draft.reference}
                    aria-invalid={errors.reference ? true : undefined}
                    aria-describedby={described('reference')}
                    onChange={(e) =>
                      actor.send({ type: 'payment.field', field: 'reference', value: e.target.value })
                    }
                    className={moneyInputClasses(errors.reference)}
                  />
                  <FieldError id={errorId('reference')} message={errors.reference} />
                </>
              )}
            </Labelled>
            <fieldset className="grid gap-2 tb:col-span-2" aria-describedby={described('invoices')}>
              <legend className="mb-1 text-sm font-semibold text-ink">Invoices it pays</legend>

              {draft.invoices.map((invoice) => {
                const field = `invoice.${invoice.number}`;
                return (
                  <div key={invoice.number} className="grid gap-1 rounded-xl border border-primary-100 p-3">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <label className="flex min-h-11 items-center gap-2 font-semibold text-ink">
                        <input
                          type="checkbox"
                          className="size-5"
                          checked={invoice.chosen}
                          onChange={(e) =>
                            actor.send({
                              type: 'payment.invoiceChosen',
                              number: invoice.number,
                              chosen: e.target.checked,
                            })
                          }
                        />
                        {invoice.number}
                      </label>
                      <span className="text-sm text-ink-soft">
                        owes {formatCentsExact(invoice.balanceCents)}
                      </span>
                    </div>
                    <Labelled
                      label={`Amount for ${invoice.number} ($, empty: up to what it owes)`}
                      className="grid gap-1 text-sm text-ink-soft"
                    >
                      {(id) => (
                        <input
                          id={id}
                          inputMode="decimal"
                          autoComplete="off"
                          value={invoice.amount}
                          aria-invalid={errors[field] ? true : undefined}
                          aria-describedby={described(field)}
                          onChange={(e) =>
                            actor.send({
                              type: 'payment.invoiceAmount',
                              number: invoice.number,
                              amount: e.target.value,
                            })
                          }
                          className={moneyInputClasses(errors[field])}
                        />
                      )}
                    </Labelled>
                    <FieldError id={errorId(field)} message={errors[field]} />
                  </div>
                );
              })}
              <FieldError id={errorId('invoices')} message={errors.invoices} />
            </fieldset>
          </fieldset>
          <section
            aria-label="Where the money goes"
            className="rounded-xl bg-primary-50 p-3 text-sm text-ink"
          >
            <ul className="grid gap-1">
              {allocation.lines.map((line) => (
                <li key={line.number}>
                  {line.number}: {formatCentsExact(line.cents)}
                </li>
              ))}
            </ul>
            <p className="mt-1 font-semibold">
              {allocation.leftCents > 0
                ? `${formatCentsExact(allocation.leftCents)} left over becomes a credit on the company.`
                : 'Nothing is left over.'}
            </p>
          </section>
          {step === 'reviewing' || step === 'submitting' ? (
            <p className="font-semibold text-ink">
              Record a {formatCentsExact(payment)} {MANUAL_PAYMENT_LABELS[draft.method].toLowerCase()} (
              {draft.reference.trim()}) received {dayInWords(draft.date)}?
            </p>
          ) : null}
          {message && step !== 'done' ? <FormAlert tone="error">{message}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
            <CloseButton busy={step === 'submitting'} onClick={requestClose} />
            {step === 'reviewing' || step === 'failed' ? (
              <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'payment.back' })}>
                Back
              </Button>
            ) : null}
            {step === 'failed' ? (
              <Button type="button" onClick={() => actor.send({ type: 'payment.retry' })}>
                Try again
              </Button>
            ) : (
              <Button type="submit" inactive={step === 'submitting'}>
                {editing ? 'Review' : 'Record payment'}
              </Button>
            )}
          </div>
        </>
      )}
    </MoneyDialog>
  );
}
