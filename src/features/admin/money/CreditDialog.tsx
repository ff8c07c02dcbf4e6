import { useSelector } from '@xstate/react';
import { useId } from 'react';
import { createActor } from 'xstate';
import type { CreditView, OpenInvoice } from '../../../../contract/adminMoney';
import type { CreditInput } from '../../../../machines/admin/credit.machine';
import { useLoadedApp } from '../../../system/AppContext';
import { creditLogic } from '../../../system/admin/money';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { Labelled } from '../orders/Labelled';
import { CloseButton, FieldError, MoneyDialog, moneyInputClasses } from './MoneyDialog';

/**
 * "Issue a credit" (an amount, why, and optionally the open invoice it pays at once) and "Apply" on
 * a credit (the invoice, and an amount or as much as it can): machines/admin/credit.machine.ts.
 */
export function CreditDialog({
  company,
  credit,
  invoices,
  onDone,
  onUnknown,
  onClose,
}: {
  company: string;
  /** The credit to apply; none: issue a new one. */
  credit: CreditView | null;
  invoices: readonly OpenInvoice[];
  /** Its first value is the one called: the actor is made with it (the page's callbacks are stable). */
  onDone(message: string): void;
  /** The answer was lost: the page reloads its lists so the person can see whether it was saved. */
  onUnknown(): void;
  onClose(): void;
}) {
  const app = useLoadedApp();
  const mode: CreditInput['mode'] = credit ? { kind: 'apply', creditId: credit.id } : { kind: 'issue' };
  // The page's callbacks are its stable ones: the actor calls them as its answer comes in.
  const actor = useFlowActor(() =>
    createActor(
      creditLogic({ done: (saved) => onDone(saved ?? 'The credit is saved.'), unknown: onUnknown }),
      { ...app.actorOptions, input: { company, mode } },
    ),
  );
  const draft = useSelector(actor, (s) => s.context.draft);
  const errors = useSelector(actor, (s) => s.context.errors);
  const message = useSelector(actor, (s) => s.context.message);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const done = useSelector(actor, (s) => s.status === 'done');
  const ids = useId();
  const dirty = useSelector(actor, (s) =>
    Object.values(s.context.draft).some((value) => value.trim() !== ''),
  );

  const errorId = (field: string) => `${ids}-${field}`;
  const described = (field: string) => (errors[field] ? errorId(field) : undefined);
  const type = (field: 'amount' | 'reason' | 'invoice', value: string) =>
    actor.send({ type: 'credit.field', field, value });
  const applying = credit !== null;

  return (
    <MoneyDialog
      title={applying ? `Apply the credit (${credit.remaining_formatted} left)` : 'Issue a credit'}
      discardQuestion={applying ? 'Discard this credit’s application?' : 'Discard this credit?'}
      busy={busy}
      dirty={dirty}
      onClose={onClose}
      onSubmit={() => actor.send({ type: 'credit.submit' })}
    >
      {(requestClose) => (
        <>
          <fieldset disabled={busy || failed} className="grid gap-4">
            <Labelled label={applying ? 'Amount ($, empty: as much as it can)' : 'Amount ($)'}>
              {(id) => (
                <>
                  <input
                    id={id}
                    data-autofocus
                    inputMode="decimal"
                    autoComplete="off"
                    value={draft.amount}
                    aria-invalid={errors.amount ? true : undefined}
                    aria-describedby={described('amount')}
                    onChange={(e) => type('amount', e.target.value)}
                    className={moneyInputClasses(errors.amount)}
                  />
                  <FieldError id={errorId('amount')} message={errors.amount} />
                </>
              )}
            </Labelled>
            {applying ? null : (
              <Labelled label="Reason">
                {(id) => (
                  <>
                    <textarea
                      id={id}
                      rows={3}
                      maxLength={500}
                      value={draft.reason}
                      aria-invalid={errors.reason ? true : undefined}
                      aria-describedby={described('reason')}
                      onChange={(e) => type('reason', e.target.value)}
                      className={`${moneyInputClasses(errors.reason)} h-auto py-2`}
                    />
                    <FieldError id={errorId('reason')} message={errors.reason} />
                  </>
                )}
              </Labelled>
            )}
            <Labelled label={applying ? 'Invoice' : 'Apply it to (optional)'}>
              {(id) => (
                <>
                  <select
                    id={id}
                    value={draft.invoice}
                    aria-invalid={errors.invoice ? true : undefined}
                    aria-describedby={described('invoice')}
                    onChange={(e) => type('invoice', e.target.value)}
                    className={moneyInputClasses(errors.invoice)}
                  >
                    <option value="">
                      {applying ? 'Choose an invoice' : 'No invoice: keep it for later'}
                    </option>
                    {invoices.map((i) => (
                      <option key={i.number} value={i.number}>
                        {i.number} (owes {i.balance_formatted})
                      </option>
                    ))}
                  </select>
                  <FieldError id={errorId('invoice')} message={errors.invoice} />
                </>
              )}
            </Labelled>
          </fieldset>
          {message && !done ? <FormAlert tone="error">{message}</FormAlert> : null}
          <div className="flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
            <CloseButton busy={busy} onClick={requestClose} />
            {failed ? (
              <>
                <Button type="button" variant="secondary" onClick={() => actor.send({ type: 'credit.back' })}>
                  Back
                </Button>
                <Button type="button" onClick={() => actor.send({ type: 'credit.retry' })}>
                  Try again
                </Button>
              </>
            ) : (
              <Button type="submit" inactive={busy}>
                {applying ? 'Apply credit' : 'Issue credit'}
              </Button>
            )}
          </div>
        </>
      )}
    </MoneyDialog>
  );
}
