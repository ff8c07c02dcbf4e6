import { fromPromise } from 'xstate';
import { paymentSettingsMachine } from '../../machines/billing/paymentSettings.machine';
import {
  loadPaymentSettings,
  removeSavedCard,
  savePaymentSettings,
  startCardSetup,
} from '../api/paymentSettings';
import { dataOf } from './results';

/** The card panel's effects: the API, and the browser leaving for Stripe's page. */
export function paymentSettingsLogic(
  goTo: (url: string) => void = (url) => window.location.assign(url),
  api = { loadPaymentSettings, startCardSetup, removeSavedCard, savePaymentSettings },
) {
  return paymentSettingsMachine.provide({
    actors: {
      loadSettings: fromPromise(async ({ input }) =>
        dataOf(await api.loadPaymentSettings(input.sessionId), 'The card settings could not be loaded.'),
      ),
      startSetup: fromPromise(
        async () => dataOf(await api.startCardSetup(), 'Stripe’s page could not be opened.').url,
      ),
      removeCard: fromPromise(async () => {
        const result = await api.removeSavedCard();
        return { settings: dataOf(result, 'The card could not be removed.'), message: result.message };
      }),
      saveSwitch: fromPromise(async ({ input }) => {
        const result = await api.savePaymentSettings({ [input.name]: input.on });
        return { settings: dataOf(result, 'The change could not be saved.'), message: result.message };
      }),
    },
    actions: { goToPayment: (_, params) => goTo(params.url) },
  });
}
