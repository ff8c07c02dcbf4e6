import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { CompanyDetail } from '../../contract/adminCompanies';
import {
  type CompanyAction,
  type CompanyWritten,
  companyPageMachine,
  selectCompany,
  selectCompanyBusy,
  selectCompanyLoadError,
  selectCompanyNotice,
  selectConfirming,
  selectTermsDraft,
  selectTermsErrors,
  type TermsDraft,
  TermsRefused,
} from '../../machines/admin/companyPage.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const COID = '3b5f0b6e-6c1d-4f4e-9d7a-2f1e0c9b8a71';
const PERSON = 'a1b2c3d4-0000-4000-8000-000000000001';
const money = (amount: number) => ({ amount, formatted: `$${amount.toFixed(2)}` });

const COMPANY: CompanyDetail = {
  coid: COID,
  name: 'Acme',
  created_at: '2027-01-04T10:00:00.000Z',
  payment_terms: 'net30',
  credit_limit: null,
  rep: null,
  rep_code: null,
  owed: money(0),
  available_credit: money(0),
  people: [
    {
      id: PERSON,
      name: 'Cole League',
      email: 'cole@acme.example',
      role: 'member',
      last_sign_in: null,
      disabled: false,
      removed: false,
    },
  ],
  invitations: [],
  orders: [],
  invoices: [],
  credits: [],
  files: [],
  audit: [],
  reps: [{ id: 'rep-1', name: 'Robin Rep' }],
};

function start() {
  const loads = heldCalls<[string], CompanyDetail>();
  const saves = heldCalls<[TermsDraft], CompanyWritten>();
  const acts = heldCalls<[CompanyAction | null], CompanyWritten>();
  const actor = createActor(
    companyPageMachine.provide({
      actors: {
        loadCompany: fromPromise(({ input }) => loads.call(input.coid)),
        saveTerms: fromPromise(({ input }) => saves.call(input.draft)),
        act: fromPromise(({ input }) => acts.call(input.action)),
      },
    }),
    { input: { coid: COID } },
  ).start();
  const snap = () => actor.getSnapshot();
  return { actor, loads, saves, acts, snap };
}

describe('company page machine', () => {
  it('loads the company, and tries again after a failure', async () => {
    const { actor, loads, snap } = start();
    expect(loads.asked()).toEqual([[COID]]);
    loads.nth(0).fail(new Error('There is no such company: search the customers list for it.'));
    await flush();
    expect(selectCompanyLoadError(snap())).toBe(
      'There is no such company: search the customers list for it.',
    );
    actor.send({ type: 'company.retry' });
    loads.nth(1).answer(COMPANY);
    await flush();
    expect(selectCompany(snap())).toEqual(COMPANY);
    expect(selectCompanyLoadError(snap())).toBeNull();
    expect(selectTermsDraft(snap())).toEqual({ payment_terms: 'net30', credit_limit: '', rep: '' });
  });

  it('saves the terms as typed, keeps them and says why when refused, and takes the company saved', async () => {
    const { actor, loads, saves, snap } = start();
    loads.nth(0).answer(COMPANY);
    await flush();
    actor.send({ type: 'terms.changed', field: 'payment_terms', value: 'net15' });
    actor.send({ type: 'terms.changed', field: 'credit_limit', value: '-5' });
    actor.send({ type: 'terms.save' });
    expect(selectCompanyBusy(snap())).toBe(true);
    // A second save while one is on its way sends nothing.
    actor.send({ type: 'terms.save' });
    expect(saves.asked()).toEqual([[{ payment_terms: 'net15', credit_limit: '-5', rep: '' }]]);
    saves
      .nth(0)
      .fail(
        new TermsRefused('Check the credit limit.', { credit_limit: 'The credit limit cannot be below $0.' }),
      );
    await flush();
    expect(selectTermsErrors(snap())).toEqual({ credit_limit: 'The credit limit cannot be below $0.' });
    expect(selectCompanyNotice(snap())).toEqual({ tone: 'error', text: 'Check the credit limit.' });
    expect(selectTermsDraft(snap()).credit_limit).toBe('-5');
    // Fixing the field stops its message.
    actor.send({ type: 'terms.changed', field: 'credit_limit', value: '5000' });
    expect(selectTermsErrors(snap()).credit_limit).toBeUndefined();
    actor.send({ type: 'terms.save' });
    const saved = { ...COMPANY, payment_terms: 'net15' as const, credit_limit: money(5000) };
    saves.nth(1).answer({ company: saved, message: 'Acme is on invoice, net 15 terms now.' });
    await flush();
    expect(selectCompany(snap())).toEqual(saved);
    expect(selectTermsDraft(snap())).toEqual({ payment_terms: 'net15', credit_limit: '5000', rep: '' });
    expect(selectCompanyNotice(snap())).toEqual({
      tone: 'success',
      text: 'Acme is on invoice, net 15 terms now.',
    });
  });

  it('disables a person only after a yes; enables and resends at once', async () => {
    const { actor, loads, acts, snap } = start();
    loads.nth(0).answer(COMPANY);
    await flush();
    actor.send({ type: 'person.disable', person: PERSON });
    expect(selectConfirming(snap())).toBe(PERSON);
    actor.send({ type: 'confirm.no' });
    expect(selectConfirming(snap())).toBeNull();
    expect(acts.calls).toHaveLength(0);

    actor.send({ type: 'person.disable', person: PERSON });
    actor.send({ type: 'confirm.yes' });
    expect(acts.asked()).toEqual([[{ kind: 'disable', person: PERSON }]]);
    const person = COMPANY.people[0];
    if (!person) throw new Error('The fixture has a person.');
    const disabled = { ...COMPANY, people: [{ ...person, disabled: true }] };
    acts.nth(0).answer({ company: disabled, message: 'Cole League is disabled.' });
    await flush();
    expect(selectCompany(snap())?.people[0]?.disabled).toBe(true);
    expect(selectConfirming(snap())).toBeNull();

    actor.send({ type: 'person.enable', person: PERSON });
    expect(acts.asked()[1]).toEqual([{ kind: 'enable', person: PERSON }]);
    acts.nth(1).fail(new Error('That person is not one of this company’s people.'));
    await flush();
    expect(selectCompanyNotice(snap())).toEqual({
      tone: 'error',
      text: 'That person is not one of this company’s people.',
    });
    actor.send({ type: 'invitation.resend', invitation: 'inv-1' });
    expect(acts.asked()[2]).toEqual([{ kind: 'resend', invitation: 'inv-1' }]);
  });

  it('keeps unsaved terms and their sentences when a person or invitation action answers', async () => {
    const { actor, loads, saves, acts, snap } = start();
    loads.nth(0).answer(COMPANY);
    await flush();
    actor.send({ type: 'terms.changed', field: 'credit_limit', value: '-5' });
    actor.send({ type: 'terms.save' });
    saves.nth(0).fail(new TermsRefused('Check the credit limit.', { credit_limit: 'Not below $0.' }));
    await flush();
    actor.send({ type: 'terms.changed', field: 'payment_terms', value: 'net60' });
    // A refused action leaves the terms form's sentences and typing.
    actor.send({ type: 'person.enable', person: PERSON });
    acts.nth(0).fail(new Error('That person is not one of this company’s people.'));
    await flush();
    expect(selectTermsErrors(snap())).toEqual({ credit_limit: 'Not below $0.' });
    expect(selectTermsDraft(snap())).toEqual({ payment_terms: 'net60', credit_limit: '-5', rep: '' });
    // A done action answers the company, and the unsaved typing is still there.
    actor.send({ type: 'invitation.resend', invitation: 'inv-1' });
    acts.nth(1).answer({ company: COMPANY, message: 'The invitation is sent again.' });
    await flush();
    expect(selectTermsDraft(snap())).toEqual({ payment_terms: 'net60', credit_limit: '-5', rep: '' });
  });

  it('keeps a field typed while a terms save was on its way, and takes the saved value of the others', async () => {
    const { actor, loads, saves, snap } = start();
    loads.nth(0).answer(COMPANY);
    await flush();
    actor.send({ type: 'terms.changed', field: 'credit_limit', value: '5,000' });
    actor.send({ type: 'terms.save' });
    actor.send({ type: 'terms.changed', field: 'rep', value: 'rep-1' });
    saves.nth(0).answer({ company: { ...COMPANY, credit_limit: money(5000) }, message: 'Saved.' });
    await flush();
    expect(selectTermsDraft(snap())).toEqual({ payment_terms: 'net30', credit_limit: '5000', rep: 'rep-1' });
  });
});
