import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { chatWidgetMachine, visitorOf } from '../../machines/chat/chatWidget.machine';
import { flush } from './sessionHarness';

function start(load: () => Promise<void> = async () => {}) {
  const calls: string[] = [];
  const machine = chatWidgetMachine.provide({
    actors: { loadWidget: fromPromise(load) },
    actions: {
      boot: (_, { visitor }) => calls.push(`boot ${JSON.stringify(visitor)}`),
      update: (_, { visitor }) => calls.push(`update ${JSON.stringify(visitor)}`),
      show: () => calls.push('show'),
      shutdown: () => calls.push('shutdown'),
    },
  });
  const actor = createActor(machine);
  actor.start();
  return { actor, calls, state: () => actor.getSnapshot().value };
}

describe('chat widget (SPEC section 4: booted before any other action, and can be shut down)', () => {
  it('refuses to show, update or shut down before it is booted', async () => {
    const { actor, calls, state } = start();
    actor.send({ type: 'chat.show' });
    actor.send({ type: 'chat.visitorChanged', visitor: { email: 'ada@example.com', user_id: 'u-1' } });
    actor.send({ type: 'chat.visitorChanged', visitor: {} });
    await flush();
    expect(calls).toEqual([]);
    expect(state()).toBe('off');
  });

  it('boots once its script has loaded, with the latest profile, then takes the other commands', async () => {
    let loaded = () => {};
    const { actor, calls, state } = start(
      () =>
        new Promise<void>((resolve) => {
          loaded = resolve;
        }),
    );
    actor.send({ type: 'chat.boot', visitor: {} });
    actor.send({ type: 'chat.show' });
    actor.send({ type: 'chat.visitorChanged', visitor: { email: 'ada@example.com', user_id: 'u-1' } });
    expect(state()).toBe('loading');
    expect(calls).toEqual([]);
    loaded();
    await flush();
    expect(state()).toBe('booted');
    actor.send({ type: 'chat.show' });
    actor.send({
      type: 'chat.visitorChanged',
      visitor: { email: 'ada@example.com', user_id: 'u-1', plan: 'customer' },
    });
    expect(calls).toEqual([
      'boot {"email":"ada@example.com","user_id":"u-1"}',
      'show',
      'update {"email":"ada@example.com","user_id":"u-1","plan":"customer"}',
    ]);
  });

  it('on sign-out shuts down, refuses to show while it boots again, then boots for the visitor', async () => {
    let loads = 0;
    let loaded = () => {};
    const { actor, calls, state } = start(() => {
      loads += 1;
      return loads === 1
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            loaded = resolve;
          });
    });
    actor.send({ type: 'chat.boot', visitor: { email: 'ada@example.com', user_id: 'u-1' } });
    await flush();
    actor.send({ type: 'chat.visitorChanged', visitor: {} });
    actor.send({ type: 'chat.show' });
    expect(state()).toBe('loading');
    expect(actor.getSnapshot().context.visitor).toEqual({});
    loaded();
    await flush();
    expect(calls).toEqual(['boot {"email":"ada@example.com","user_id":"u-1"}', 'shutdown', 'boot {}']);
  });

  it('tries its script again on sign-out when it had failed to load', async () => {
    let attempts = 0;
    const { actor, calls, state } = start(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('The script did not load in time.');
    });
    actor.send({ type: 'chat.boot', visitor: { email: 'ada@example.com', user_id: 'u-1' } });
    await flush();
    expect(state()).toBe('failed');
    actor.send({ type: 'chat.visitorChanged', visitor: {} });
    await flush();
    expect(state()).toBe('booted');
    expect(calls).toEqual(['boot {}']);
  });

  it('stays silent when its script fails, and tries again on the next boot', async () => {
    let attempts = 0;
    const { actor, calls, state } = start(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('The script did not load in time.');
    });
    actor.send({ type: 'chat.boot', visitor: {} });
    await flush();
    expect(state()).toBe('failed');
    actor.send({ type: 'chat.show' });
    expect(calls).toEqual([]);
    actor.send({ type: 'chat.boot', visitor: {} });
    await flush();
    expect(state()).toBe('booted');
    expect(calls).toEqual(['boot {}']);
  });

  describe('following whoever is signed in', () => {
    const dana = visitorOf({ uuid: 'u-1', email: 'dana@bakery.example', fullname: 'Dana Reyes' });

    it('updates the profile when a customer signs in, and not again for the same profile', async () => {
      const { actor, calls } = start();
      actor.send({ type: 'chat.boot', visitor: {} });
      await flush();
      actor.send({ type: 'chat.visitorChanged', visitor: dana });
      actor.send({ type: 'chat.visitorChanged', visitor: dana });
      expect(calls).toEqual([
        'boot {}',
        'update {"email":"dana@bakery.example","user_id":"u-1","name":"Dana Reyes","plan":"customer","custom_attributes":{"signed_in":true}}',
      ]);
    });

    it('carries the phone of the profile, and an edited phone is a new profile to send', async () => {
      const { actor, calls } = start();
      actor.send({ type: 'chat.boot', visitor: dana });
      await flush();
      const withPhone = visitorOf({
        uuid: 'u-1',
        email: 'dana@bakery.example',
        fullname: 'Dana Reyes',
        phone: '(312) 555-0100',
      });
      expect(withPhone.phone).toBe('(312) 555-0100');
      actor.send({ type: 'chat.visitorChanged', visitor: withPhone });
      expect(calls.at(-1)).toContain('"phone":"(312) 555-0100"');
    });

    it('on sign-out shuts the customer’s conversation down and boots again for an anonymous visitor', async () => {
      const { actor, calls, state } = start();
      actor.send({ type: 'chat.boot', visitor: dana });
      await flush();
      actor.send({ type: 'chat.visitorChanged', visitor: {} });
      await flush();
      expect(calls.slice(1)).toEqual(['shutdown', 'boot {}']);
      expect(state()).toBe('booted');
    });

    it('a change while the script loads is what the boot sends', async () => {
      let loaded = () => {};
      const { actor, calls } = start(
        () =>
          new Promise<void>((resolve) => {
            loaded = resolve;
          }),
      );
      actor.send({ type: 'chat.boot', visitor: {} });
      actor.send({ type: 'chat.visitorChanged', visitor: dana });
      loaded();
      await flush();
      expect(calls).toEqual([`boot ${JSON.stringify(dana)}`]);
    });
  });
});
