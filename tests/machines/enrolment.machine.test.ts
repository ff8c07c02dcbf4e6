import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { InvitationView } from '../../contract/staff';
import {
  type EnrolmentAnswer,
  type EnrolmentFields,
  type EnrolmentInput,
  enrolmentMachine,
} from '../../machines/admin/enrolment.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const OTPAUTH = 'otpauth://totp/Adlane:dana%40ads.example?secret=JBSWY3DPEHPK3PXP&issuer=Adlane';
const FIELDS: EnrolmentFields = { name: 'Dana', email: 'dana@ads.example', password: 'a long password' };

function start(input: EnrolmentInput) {
  const invitations = heldCalls<[string], InvitationView | null>();
  const submits = heldCalls<[EnrolmentInput & EnrolmentFields], EnrolmentAnswer>();
  const actor = createActor(
    enrolmentMachine.provide({
      actors: {
        loadInvitation: fromPromise(({ input: { token } }) => invitations.call(token)),
        submit: fromPromise(({ input: sent }) => submits.call(sent)),
      },
    }),
    { input },
  ).start();
  return { actor, invitations, submits, state: () => actor.getSnapshot().value };
}

describe('setting up and joining the back office', () => {
  it('sets up: sends the form with the link’s token, then shows the QR code once', async () => {
    const { actor, submits, state } = start({ kind: 'setup', token: 'setup-token' });
    expect(state()).toBe('editing');
    actor.send({ type: 'enrolment.submit', ...FIELDS });
    expect(submits.asked()).toEqual([[{ kind: 'setup', token: 'setup-token', ...FIELDS }]]);
    submits.nth(0).answer({
      kind: 'invalid',
      message: 'Please check the highlighted fields.',
      errors: { password: 'Too short.' },
    });
    await flush();
    expect(state()).toBe('editing');
    expect(actor.getSnapshot().context.errors).toEqual({ password: 'Too short.' });
    actor.send({ type: 'enrolment.submit', ...FIELDS });
    submits.nth(1).answer({ kind: 'enrolled', otpauth: OTPAUTH });
    await flush();
    expect(state()).toBe('enrolled');
    expect(actor.getSnapshot().context).toMatchObject({ otpauth: OTPAUTH, errors: {}, message: null });
  });

  it('stops at a setup link that is done, with the sentence that says where to sign in', async () => {
    const { actor, submits, state } = start({ kind: 'setup', token: 'old' });
    actor.send({ type: 'enrolment.submit', ...FIELDS });
    submits.nth(0).answer({ kind: 'unusable', message: 'Setup is done: sign in at /admin/login.' });
    await flush();
    expect(state()).toBe('unusable');
    expect(actor.getSnapshot().context.message).toBe('Setup is done: sign in at /admin/login.');
  });

  it('joins: shows what the invitation is for first, and says so when it no longer works', async () => {
    const joining = start({ kind: 'join', token: 'invite' });
    expect(joining.state()).toBe('loadingInvitation');
    const invitation: InvitationView = {
      email: 'pat@ads.example',
      role: 'production',
      expires_at: '2027-01-18T09:00:00.000Z',
    };
    joining.invitations.nth(0).answer(invitation);
    await flush();
    expect(joining.state()).toBe('editing');
    expect(joining.actor.getSnapshot().context.invitation).toEqual(invitation);

    const used = start({ kind: 'join', token: 'used' });
    used.invitations.nth(0).answer(null);
    await flush();
    expect(used.state()).toBe('unusable');
    expect(used.actor.getSnapshot().context.message).toMatch(/^This invitation does not work any more/);
  });

  it('keeps the form when the server cannot be reached', async () => {
    const { actor, submits, state } = start({ kind: 'setup', token: 'setup-token' });
    actor.send({ type: 'enrolment.submit', ...FIELDS });
    submits.nth(0).fail(new Error('offline'));
    await flush();
    expect(state()).toBe('editing');
    expect(actor.getSnapshot().context.message).toBe(
      'We could not reach the server. Check your connection and try again.',
    );
  });
});
