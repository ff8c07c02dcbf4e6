import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { companies, payments } from '../db/schema';

/** The company's card and switches as the Billing page shows them, and what Stripe knows it by. */
export async function paymentSettingsOf(db: Db, companyId: number) {
  const [row] = await db
    .select({
      coid: companies.coid,
      name: companies.name,
      contact: companies.billingContact,
      customer: companies.stripeCustomerId,
      card: companies.card,
      autoPay: companies.autoPay,
      membersMayPay: companies.membersMayPay,
    })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row ?? null;
}

export async function setPaymentSwitches(
  db: Db,
  companyId: number,
  switches: { autoPay?: boolean | undefined; membersMayPay?: boolean | undefined },
) {
  const set = {
    ...(switches.autoPay === undefined ? {} : { autoPay: switches.autoPay }),
    ...(switches.membersMayPay === undefined ? {} : { membersMayPay: switches.membersMayPay }),
  };
  if (Object.keys(set).length > 0) await db.update(companies).set(set).where(eq(companies.id, companyId));
}

export async function setStripeCustomer(db: Db, companyId: number, customer: string) {
  await db.update(companies).set({ stripeCustomerId: customer }).where(eq(companies.id, companyId));
}

/** Forgets the saved card, and automatic payment with it (nothing is left to charge); answers the card. */
export async function forgetCard(db: Db, companyId: number): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ card: companies.card })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    await tx.update(companies).set({ card: null, autoPay: false }).where(eq(companies.id, companyId));
    return row?.card?.pm ?? null;
  });
}

/** A setup page's payment, when it is the company's: the return page then asks Stripe what became of it. */
export async function setupOfCompany(db: Db, companyId: number, sessionId: string) {
  const [row] = await db
    .select({ id: payments.id, status: payments.status })
    .from(payments)
    .where(
      and(
        eq(payments.sessionId, sessionId),
        eq(payments.companyId, companyId),
        eq(payments.purpose, 'setup'),
      ),
    );
  return row ?? null;
}
