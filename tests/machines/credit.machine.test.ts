import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CreditAnswer } from '../../contract/adminMoney';
import {
  type CreditInput,
  type CreditOutcome,
  type CreditRequest,
  creditMachine,
} from '../../machines/admin/credit.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const COID = '3c5f9a52-8f0c-4b9e-9d3a-1f2e3d4c5b6a';
const ANSWER = { credit: { id: 4 }, invoice: null } as unknown as CreditAnswer;

function start(mode: CreditInput['mode'] = { kind: 'issue' }) {
  const sends = heldCalls<[CreditRequest], CreditOutcome>();
  const actor = createActor(
    creditMachine.provide({ actors: { submitCredit: fromPromise(({ input }) => sends.call(input)) } }),
    { input: { company: COID, mode } },
  ).start();
  const type = (field: 'amount' | 'reason' | 'invoice', value: string) =>
    actor.send({ type: 'credit.field', field, value });
  return { actor, sends, type };
}

describe('credit machine', () => {
  it('issues a credit with its reason, applied at once to the invoice chosen, once however often it is pressed', async () => {
    const { actor, sends, type } = start();
    actor.send({ type: 'credit.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({
      amount: 'Enter an amount, such as 250 or 99.50.',
      reason: 'Say why the company gets this credit.',
    });
    type('amount', '$1,250.50');
    type('reason', ' Late proof ');
    type('invoice', 'INV-27-000101');
    actor.send({ type: 'credit.submit' });
    actor.send({ type: 'credit.submit' });
    expect(sends.asked()).toEqual([
      [
        {
          kind: 'issue',
          body: { company: COID, amount: 1250.5, reason: 'Late proof', invoice: 'INV-27-000101' },
        },
      ],
    ]);
    expect(actor.getSnapshot().context.errors).toEqual({});
    sends.nth(0).answer({ kind: 'done', answer: ANSWER, message: 'The $1,250.50 credit is issued.' });
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().context.answer).toBe(ANSWER);
  });

  it('applies a credit to the invoice chosen, by default as much as it can', () => {
    const { actor, sends, type } = start({ kind: 'apply', creditId: 9 });
    actor.send({ type: 'credit.submit' });
    expect(actor.getSnapshot().context.errors).toEqual({ invoice: 'Choose the invoice to apply it to.' });
    type('invoice', 'INV-27-000102');
    actor.send({ type: 'credit.submit' });
    expect(sends.asked()).toEqual([[{ kind: 'apply', creditId: 9, body: { invoice: 'INV-27-000102' } }]]);
  });

  it('keeps the draft with a refusal by field, and after a lost connection tries again', async () => {
    const { actor, sends, type } = start({ kind: 'apply', creditId: 9 });
    type('invoice', 'INV-27-000102');
    type('amount', '60');
    actor.send({ type: 'credit.submit' });
    sends.nth(0).answer({
      kind: 'refused',
      message: '$60.00 is more than the $50.00 left of this credit.',
      errors: { amount: '$60.00 is more than the $50.00 left of this credit.' },
    });
    await flush();
    expect(actor.getSnapshot().matches('editing')).toBe(true);
    expect(actor.getSnapshot().context.errors.amount).toMatch(/more than the \$50\.00 left/);
    expect(actor.getSnapshot().context.draft).toEqual({ amount: '60', reason: '', invoice: 'INV-27-000102' });
    type('amount', '50');
    actor.send({ type: 'credit.submit' });
    sends.nth(1).fail(new TypeError('Failed to fetch'));
    await flush();
    expect(actor.getSnapshot().matches('failed')).toBe(true);
    expect(actor.getSnapshot().context.message).toMatch(
      /don’t know whether the credit was saved.*credits on this page/,
    );
    expect(actor.getSnapshot().hasTag('committing')).toBe(false);
    actor.send({ type: 'credit.retry' });
    expect(actor.getSnapshot().hasTag('committing')).toBe(true);
    expect(sends.nth(2).args).toEqual([
      { kind: 'apply', creditId: 9, body: { invoice: 'INV-27-000102', amount: 50 } },
    ]);
    sends.nth(2).fail(new TypeError('Failed to fetch'));
    await flush();
    actor.send({ type: 'credit.back' });
    expect(actor.getSnapshot().matches('editing')).toBe(true);
  });
});
