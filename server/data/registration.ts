import { randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { type Account, createAccount } from './accounts';
import { type IssuedTokens, issueTokens, type TokenLifetimes } from './tokens';

export type NewAccount = Parameters<typeof createAccount>[1];

class Rehearsal extends Error {}

/**
 * Creates an account with its first sign-in, in one transaction. With `rehearse`, the same statements
 * run for an address nobody can own and the transaction is rolled back: registering a taken address
 * costs what registering a new one costs, so the time of the answer does not tell them apart.
 */
export async function registerAccount(
  db: Db,
  input: NewAccount,
  now: Date,
  lifetimes: TokenLifetimes,
  rehearse: boolean,
): Promise<{ account: Account; tokens: IssuedTokens } | null> {
  const values = rehearse ? { ...input, email: `rehearsal.${randomUUID()}@example.invalid` } : input;
  try {
    return await db.transaction(async (tx) => {
      const account = await createAccount(tx, values);
      const tokens = await issueTokens(tx, account.id, now, lifetimes);
      if (rehearse) throw new Rehearsal();
      return { account, tokens };
    });
  } catch (error) {
    if (error instanceof Rehearsal) return null;
    throw error;
  }
}
