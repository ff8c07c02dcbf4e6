import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { OpenInvoice, PaymentBody, RecordedPayment } from '../../contract/adminMoney';
import { allocationOf, centsOfTyped } from '../../machines/admin/moneyDraft';
import { type PaymentAnswer, recordPaymentMachine } from '../../machines/admin/recordPayment.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const COID = '3c5f9a52-8f0c-4b9e-9d3a-1f2e3d4c5b6a';
const invoice = (number: string, balance: number): OpenInvoice => ({
  number,
  status: 'open',
  balance,
  balance_formatted: `$${balance}`,
  total: balance,
  total_formatted: `$${balance}`,
  issued_at: '2027-01-11T09:00:00.000Z',
  due_at: '2027-02-10T09:00:00.000Z',
});
const FIRST = invoice('INV-27-000101', 1200);
const SECOND = invoice('INV-27-000102', 800.5);

const RECORDED = { payment: { id: 7 }, invoices: [] } as unknown as RecordedPayment;

function start() {
  const sends = heldCalls<[PaymentBody], PaymentAnswer>();
  const actor = createActor(
    recordPaymentMachine.provide({
      actors: { submitPayment: fromPromise(({ input }) => sends.call(input)) },
    }),
    { input: { company: COID, today: '2027-01-12', invoices: [FIRST, SECOND] } },
  ).start();
  const fill = () => {
    actor.send({ type: 'payment.field', field: 'amount', value: '$2,000.50' });
    actor.send({ type: 'payment.field', field: 'reference', value: ' 10442 ' });
    actor.send({ type: 'payment.invoiceChosen', number: FIRST.number, chosen: true });
    actor.send({ type: 'payment.invoiceChosen', number: SECOND.number, chosen: true });
  };
  return { actor, sends, fill };
}

describe('typed dollars', () => {
  it.each([
    ['1250.50', 125_050],
    ['$1,250.5', 125_050],
    [' 80 ', 8_000],
    ['0.01', 1],
    ['', null],
    ['12.345', null],
    ['ten', null],
    ['-5', null],
  ])('%j is %j cents', (typed, cents) => {
    expect(centsOfTyped(typed)).toBe(cents);
  });
});

describe('record payment machine', () => {
  it('starts on today with a check, and shows each field’s problem before sending anything', () => {
    const { actor, sends } = start();
    expect(actor.getSnapshot().context.draft).toMatchObject({
      method: 'check',
      date: '2027-01-12',
      amount: '',
    });
    actor.send({ type: 'payment.field', field: 'date', value: '2027-01-13' });
    actor.send({ type: 'payment.invoiceAmount', number: FIRST.number, amount: '1300' });
    actor.send({ type: 'payment.review' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors).toEqual({
      amount: 'Enter the amount received, such as 1250.50.',
      reference: 'Enter the check number or the transfer’s reference.',
      date: 'The payment cannot have arrived after today.',
      [`invoice.${FIRST.number}`]: `${FIRST.number} owes $1,200.00: pay at most that.`,
    });
    expect(sends.calls).toHaveLength(0);
  });

  it('shows where the money goes, the rest as a credit, and records it once however often Record is pressed', async () => {
    const { actor, sends, fill } = start();
    fill();
    actor.send({ type: 'payment.field', field: 'amount', value: '2100' });
    expect(allocationOf(actor.getSnapshot().context.draft)).toEqual({
      lines: [
        { number: FIRST.number, cents: 120_000 },
        { number: SECOND.number, cents: 80_050 },
      ],
      leftCents: 9_950,
    });
    actor.send({ type: 'payment.review' });
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    actor.send({ type: 'payment.confirm' });
    actor.send({ type: 'payment.confirm' });
    actor.send({ type: 'payment.review' });
    expect(sends.asked()).toEqual([
      [
        {
          company: COID,
          method: 'check',
          reference: '10442',
          amount: 2100,
          date: '2027-01-12',
          invoices: [{ number: FIRST.number }, { number: SECOND.number }],
        },
      ],
    ]);
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);
    // useFlowActor keeps a committing actor until its answer, and the dialog will not close meanwhile.
    expect(actor.getSnapshot().hasTag('committing')).toBe(true);
    sends
      .nth(0)
      .answer({ kind: 'recorded', recorded: RECORDED, message: 'The $2,100.00 payment is recorded.' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.message).toBe('The $2,100.00 payment is recorded.');
    expect(sends.calls).toHaveLength(1);
  });

  it('sends the amounts typed for invoices, which are paid before the others', () => {
    const { actor, sends, fill } = start();
    fill();
    actor.send({ type: 'payment.invoiceAmount', number: SECOND.number, amount: '100' });
    expect(allocationOf(actor.getSnapshot().context.draft)).toEqual({
      lines: [
        { number: FIRST.number, cents: 120_000 },
        { number: SECOND.number, cents: 10_000 },
      ],
      leftCents: 70_050,
    });
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'payment.confirm' });
    expect(sends.nth(0).args[0].invoices).toEqual([
      { number: FIRST.number },
      { number: SECOND.number, amount: 100 },
    ]);
  });

  it('keeps the draft with the server’s refusal, shown by its field', async () => {
    const { actor, sends, fill } = start();
    fill();
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'payment.confirm' });
    sends.nth(0).answer({
      kind: 'refused',
      message: `Invoice ${FIRST.number} is already paid.`,
      errors: { invoices: `Invoice ${FIRST.number} is already paid.` },
    });
    await flush();
    const { context } = actor.getSnapshot();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(context.errors).toEqual({ invoices: `Invoice ${FIRST.number} is already paid.` });
    expect(context.draft.amount).toBe('$2,000.50');
    expect(context.draft.reference).toBe(' 10442 ');
    // Correcting it and reviewing again clears the sentences.
    actor.send({ type: 'payment.invoiceChosen', number: FIRST.number, chosen: false });
    actor.send({ type: 'payment.review' });
    expect(actor.getSnapshot().context.errors).toEqual({});
  });

  it('says a lost answer leaves the outcome unknown, and tries again with the same draft', async () => {
    const { actor, sends, fill } = start();
    fill();
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'payment.confirm' });
    sends.nth(0).fail(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.message).toMatch(
      /don’t know whether the payment was recorded.*recent payments/,
    );
    expect(actor.getSnapshot().context.message).not.toMatch(/nothing was recorded/);
    actor.send({ type: 'payment.retry' });
    expect(sends.asked()).toHaveLength(2);
    expect(sends.nth(1).args).toEqual(sends.nth(0).args);
    sends.nth(1).fail(new TypeError('Failed to fetch'));
    await flush();
    actor.send({ type: 'payment.back' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.draft.amount).toBe('$2,000.50');
  });

  it('goes back from reviewing to change the draft', () => {
    const { actor, fill } = start();
    fill();
    actor.send({ type: 'payment.review' });
    actor.send({ type: 'payment.back' });
    actor.send({ type: 'payment.method', method: 'wire' });
    expect(actor.getSnapshot().context.draft.method).toBe('wire');
  });

  it('refuses a date before the earliest payment day before anything is sent', () => {
    const { actor, sends, fill } = start();
    fill();
    actor.send({ type: 'payment.field', field: 'date', value: '0202-01-12' });
    actor.send({ type: 'payment.review' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors.date).toBe('The payment’s date is Jan 1, 2000 or later.');
    actor.send({ type: 'payment.field', field: 'date', value: '2000-01-01' });
    actor.send({ type: 'payment.review' });
    expect(actor.getSnapshot().matches('reviewing')).toBe(true);
    expect(sends.asked()).toHaveLength(0);
  });
});
