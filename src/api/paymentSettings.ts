import type { PaymentRedirect, PaymentSettings } from '../../contract/payments';
import { call } from './client';
import { type Result, toResult } from './result';

/** The card panel's API (issue 30, part 4): the saved card, automatic payment, members paying. */

/** GET /billing/payment (?session_id= back from Stripe's setup page). */
export const loadPaymentSettings = async (sessionId: string | null): Promise<Result<PaymentSettings>> =>
  toResult(
    await call<PaymentSettings>('/billing/payment', {
      auth: true,
      query: sessionId ? { session_id: sessionId } : undefined,
    }),
  );

/** PUT /billing/payment with the switches to change. */
export const savePaymentSettings = async (body: {
  auto_pay?: boolean;
  members_may_pay?: boolean;
}): Promise<Result<PaymentSettings>> =>
  toResult(await call<PaymentSettings>('/billing/payment', { method: 'put', body, auth: true }));

/** POST /billing/card: where Stripe's page to save a card is. */
export const startCardSetup = async (): Promise<Result<PaymentRedirect>> =>
  toResult(await call<PaymentRedirect>('/billing/card', { method: 'post', auth: true }));

/** DELETE /billing/card. */
export const removeSavedCard = async (): Promise<Result<PaymentSettings>> =>
  toResult(await call<PaymentSettings>('/billing/card', { method: 'delete', auth: true }));
