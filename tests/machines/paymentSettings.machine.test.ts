import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { PaymentSettings } from '../../contract/payments';
import {
  type PaymentSwitch,
  paymentSettingsMachine,
  type SettingsAnswer,
  selectSettingsBusy,
} from '../../machines/billing/paymentSettings.machine';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const VISA = { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 };
const settings = (over: Partial<PaymentSettings> = {}): PaymentSettings => ({
  cards: true,
  card: null,
  auto_pay: false,
  members_may_pay: false,
  ...over,
});

function cardPanel(sessionId: string | null = null) {
  const loads = heldCalls<[string | null], PaymentSettings>();
  const setups = heldCalls<[], string>();
  const removals = heldCalls<[], SettingsAnswer>();
  const switches = heldCalls<[PaymentSwitch, boolean], SettingsAnswer>();
  const goToPayment = vi.fn();
  const actor = createActor(
    paymentSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(({ input }) => loads.call(input.sessionId)),
        startSetup: fromPromise(() => setups.call()),
        removeCard: fromPromise(() => removals.call()),
        saveSwitch: fromPromise(({ input }) => switches.call(input.name, input.on)),
      },
      actions: { goToPayment: (_, params) => goToPayment(params.url) },
    }),
    { input: { sessionId } },
  ).start();
  const snapshot = () => actor.getSnapshot();
  return { actor, loads, setups, removals, switches, goToPayment, snapshot };
}

describe('the Billing page’s card panel', () => {
  it('looks at the setup page it came back from once, then shows the saved card', async () => {
    const p = cardPanel('cs_test_1');
    expect(p.loads.asked()).toEqual([['cs_test_1']]);
    p.loads.nth(0).answer(settings({ card: VISA }));
    await flush();
    expect(p.snapshot().value).toBe('ready');
    expect(p.snapshot().context).toMatchObject({ settings: { card: VISA }, sessionId: null });
  });

  it('says why the settings did not load and loads them again on retry', async () => {
    const p = cardPanel();
    p.loads
      .nth(0)
      .fail(new Error('Only the owner or an admin of your company can change how its invoices are paid.'));
    await flush();
    expect(p.snapshot().value).toBe('failed');
    expect(p.snapshot().context.error).toBe(
      'Only the owner or an admin of your company can change how its invoices are paid.',
    );
    p.actor.send({ type: 'settings.retry' });
    p.loads.nth(1).answer(settings());
    await flush();
    expect(p.snapshot().value).toBe('ready');
    expect(p.snapshot().context.error).toBeNull();
  });

  it('goes to Stripe’s page to save a card, once however often it is pressed', async () => {
    const p = cardPanel();
    p.loads.nth(0).answer(settings());
    await flush();
    p.actor.send({ type: 'card.save' });
    p.actor.send({ type: 'card.save' });
    expect(p.setups.asked()).toEqual([[]]);
    expect(selectSettingsBusy(p.snapshot())).toBe(true);
    p.setups.nth(0).answer('https://checkout.stripe.test/c/pay/cs_1');
    await flush();
    expect(p.goToPayment.mock.calls).toEqual([['https://checkout.stripe.test/c/pay/cs_1']]);
    expect(p.snapshot().status).toBe('done');
  });

  it('stays on the panel with the reason when Stripe’s page cannot be opened', async () => {
    const p = cardPanel();
    p.loads.nth(0).answer(settings());
    await flush();
    p.actor.send({ type: 'card.save' });
    p.setups
      .nth(0)
      .fail(new Error('Stripe is not answering right now, so nothing was changed. Try again in a minute.'));
    await flush();
    expect(p.snapshot().value).toBe('ready');
    expect(p.goToPayment).not.toHaveBeenCalled();
    expect(p.snapshot().context.error).toMatch(/^Stripe is not answering/);
  });

  it('shows a switch as the server saved it, one change at a time, and keeps the refusal', async () => {
    const p = cardPanel();
    p.loads.nth(0).answer(settings({ card: VISA }));
    await flush();
    p.actor.send({ type: 'settings.switched', name: 'auto_pay', on: true });
    p.actor.send({ type: 'settings.switched', name: 'members_may_pay', on: true });
    expect(p.switches.asked()).toEqual([['auto_pay', true]]);
    // Nothing flips before the answer.
    expect(p.snapshot().context.settings?.auto_pay).toBe(false);
    p.switches.nth(0).answer({
      settings: settings({ card: VISA, auto_pay: true }),
      message: 'Invoices are now paid automatically with the saved card on the day they are issued.',
    });
    await flush();
    expect(p.snapshot().context).toMatchObject({
      settings: { auto_pay: true },
      notice: 'Invoices are now paid automatically with the saved card on the day they are issued.',
    });
    p.actor.send({ type: 'settings.switched', name: 'members_may_pay', on: true });
    p.switches.nth(1).fail(new Error('Only the owner of your company can let members pay invoices.'));
    await flush();
    expect(p.snapshot().context).toMatchObject({
      settings: { members_may_pay: false },
      error: 'Only the owner of your company can let members pay invoices.',
      notice: null,
    });
  });

  it('removes the saved card, and offers no removal without one', async () => {
    const p = cardPanel();
    p.loads.nth(0).answer(settings());
    await flush();
    p.actor.send({ type: 'card.remove' });
    expect(p.removals.asked()).toEqual([]);

    const q = cardPanel();
    q.loads.nth(0).answer(settings({ card: VISA, auto_pay: true }));
    await flush();
    q.actor.send({ type: 'card.remove' });
    q.removals.nth(0).answer({
      settings: settings(),
      message: 'The card is removed and automatic payment is off.',
    });
    await flush();
    expect(q.snapshot().context).toMatchObject({
      settings: { card: null, auto_pay: false },
      notice: 'The card is removed and automatic payment is off.',
    });
  });
});
