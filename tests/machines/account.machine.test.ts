import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { EmailChangeBody, UserData } from '../../contract/auth';
import { AVATAR_LIMIT_BYTES, avatarMachine } from '../../machines/account/avatar.machine';
import { emailChangeMachine } from '../../machines/account/emailChange.machine';
import { emailConfirmMachine } from '../../machines/account/emailConfirm.machine';
import { FormRefused } from '../../machines/account/refusal';
import { heldCalls } from './heldCalls';
import { flush, user } from './sessionHarness';

describe('the profile picture', () => {
  function picture() {
    const uploads = heldCalls<[{ size: number }], UserData>();
    const removals = heldCalls<[], UserData>();
    const updates: string[] = [];
    const actor = createActor(
      avatarMachine.provide({
        actors: {
          upload: fromPromise(({ input }) => uploads.call(input.file)),
          remove: fromPromise(() => removals.call()),
        },
        actions: { updated: (_, { userData, message }) => updates.push(`${userData.avatar}: ${message}`) },
      }),
    ).start();
    return { actor, uploads, removals, updates };
  }

  it('refuses a picture over 5 MB without sending it', () => {
    const p = picture();
    p.actor.send({ type: 'avatar.chosen', file: { size: AVATAR_LIMIT_BYTES + 1 } });
    expect(p.uploads.calls).toHaveLength(0);
    expect(p.actor.getSnapshot().context.error).toMatch(/over 5 MB/);
  });

  it('sends a picture and hands the account to the session', async () => {
    const p = picture();
    p.actor.send({ type: 'avatar.chosen', file: { size: 1000 } });
    expect(p.actor.getSnapshot().hasTag('busy')).toBe(true);
    p.uploads.nth(0).answer(user({ avatar: '/api/v1/avatars/a.webp' }));
    await flush();
    expect(p.updates).toEqual(['/api/v1/avatars/a.webp: Your picture is saved.']);
    expect(p.actor.getSnapshot().hasTag('busy')).toBe(false);
  });

  it('says the API’s reason for the field when it refuses the picture', async () => {
    const p = picture();
    p.actor.send({ type: 'avatar.chosen', file: { size: 1000 } });
    p.uploads.nth(0).fail(
      new FormRefused('Please check the highlighted fields.', {
        avatar: 'That file is not a picture we can read.',
      }),
    );
    await flush();
    expect(p.actor.getSnapshot().context.error).toBe('That file is not a picture we can read.');
    expect(p.updates).toEqual([]);
  });
});

describe('changing the sign-in e-mail', () => {
  function change() {
    const requests = heldCalls<[EmailChangeBody], { email: string; message: string }>();
    const actor = createActor(
      emailChangeMachine.provide({ actors: { request: fromPromise(({ input }) => requests.call(input)) } }),
    ).start();
    const type = (field: 'email' | 'current_password', value: string) =>
      actor.send({ type: 'emailChange.fieldChanged', field, value });
    return { actor, requests, type, context: () => actor.getSnapshot().context };
  }

  it('checks the fields before asking, and a fixed field stops shouting', () => {
    const c = change();
    c.type('email', 'not an address');
    c.actor.send({ type: 'emailChange.submit' });
    expect(c.requests.calls).toHaveLength(0);
    expect(c.context().errors.email).toMatch(/e-mail address like/);
    expect(c.context().errors.current_password).toBe('Enter your current password.');
    expect(c.context().refusals).toBe(1);
    c.type('email', 'dana@new.example');
    expect(c.context().errors.email).toBeUndefined();
  });

  it('keeps what was typed through a refusal, with the message on its field', async () => {
    const c = change();
    c.type('email', 'dana@new.example');
    c.type('current_password', 'wrong one');
    c.actor.send({ type: 'emailChange.submit' });
    c.requests.nth(0).fail(
      new FormRefused('Please check the highlighted fields.', {
        current_password: 'That is not your current password.',
      }),
    );
    await flush();
    expect(c.actor.getSnapshot().value).toBe('editing');
    expect(c.context().values).toEqual({ email: 'dana@new.example', current_password: 'wrong one' });
    expect(c.context().errors.current_password).toBe('That is not your current password.');
    expect(c.context().alert).toBeNull();
  });

  it('says where the link went, forgets the password, and can start again', async () => {
    const c = change();
    c.type('email', 'dana@new.example');
    c.type('current_password', 'correct horse battery');
    c.actor.send({ type: 'emailChange.submit' });
    expect(c.requests.asked()).toEqual([
      [{ email: 'dana@new.example', current_password: 'correct horse battery' }],
    ]);
    c.requests.nth(0).answer({ email: 'dana@new.example', message: 'We sent a link to dana@new.example.' });
    await flush();
    expect(c.actor.getSnapshot().value).toBe('sent');
    expect(c.context().sent?.message).toBe('We sent a link to dana@new.example.');
    expect(c.context().values.current_password).toBe('');
    c.actor.send({ type: 'emailChange.again' });
    expect(c.actor.getSnapshot().value).toBe('editing');
    expect(c.context().values.email).toBe('');
  });

  it('a failure that is not about a field is said above the form', async () => {
    const c = change();
    c.type('email', 'dana@new.example');
    c.type('current_password', 'pw');
    c.actor.send({ type: 'emailChange.submit' });
    c.requests.nth(0).fail(new Error('You have asked to change your e-mail address many times recently.'));
    await flush();
    expect(c.context().alert).toBe('You have asked to change your e-mail address many times recently.');
  });
});

describe('the confirmation link', () => {
  it('confirms once and tells the session', async () => {
    const confirmations = heldCalls<[string], { email: string }>();
    const told: string[] = [];
    const actor = createActor(
      emailConfirmMachine.provide({
        actors: { confirm: fromPromise(({ input }) => confirmations.call(input.code)) },
        actions: { confirmed: (_, { email }) => told.push(email) },
      }),
      { input: { code: 'c'.repeat(43) } },
    ).start();
    confirmations.nth(0).answer({ email: 'dana@new.example' });
    await flush();
    expect(actor.getSnapshot().value).toBe('confirmed');
    expect(told).toEqual(['dana@new.example']);
    expect(confirmations.calls).toHaveLength(1);
  });

  it('says why a used link does not work', async () => {
    const actor = createActor(
      emailConfirmMachine.provide({
        actors: {
          confirm: fromPromise(async () =>
            Promise.reject(new Error('This link has expired or was already used.')),
          ),
        },
      }),
      { input: { code: 'c'.repeat(43) } },
    ).start();
    await flush();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toBe('This link has expired or was already used.');
  });
});
