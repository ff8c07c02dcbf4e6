import type { Context } from 'hono';
import { forgetActions, takeAction } from '../data/rateLimits';
import type { AppEnv } from '../env';
import type { Limit } from '../limits';
import type { MailDeps } from '../mail/send';
import { clientKey } from './clientAddress';
import { type Device, deviceOfEmail } from './deviceCookie';
import { overLimit } from './throttle';

/**
 * Who asks for a reset or sign-in e-mail: a browser holding a device cookie of the account the
 * address belongs to (the owner's, counted on its own), or anyone, counted by client address.
 */
export type MailAsker = { device: Device } | { address: string | null };

/** The asker of an e-mail to `email`. */
export async function mailAsker(c: Context<AppEnv>, email: string): Promise<MailAsker> {
  const device = await deviceOfEmail(c, email);
  return device ? { device } : { address: clientKey(c) };
}

/**
 * The per-address limit on asking at all (`LIMIT_RESET_PER_ADDRESS`...). The owner's browser is not
 * held to it: it may only ask for its own account's mail, under a ceiling of its own.
 */
export async function askerRefused(
  c: Context<AppEnv>,
  asker: MailAsker,
  action: string,
  limit: Limit,
  what: string,
): Promise<Response | null> {
  if (!('address' in asker) || asker.address === null) return null;
  return overLimit(c, `${action}:${asker.address}`, limit, what);
}

/**
 * Whether a reset or sign-in e-mail may go to `email`. A stranger's requests are counted per asking
 * address (so one stranger cannot use up the owner's allowance) and under a higher ceiling for the
 * recipient from everywhere; a device cookie's under `LIMIT_MAIL_PER_DEVICE` only, so however many
 * strangers use up the recipient's ceiling, the owner's browser still gets its mail.
 */
export async function mayMail(deps: MailDeps, kind: string, email: string, asker: MailAsker, now: Date) {
  const { db, config } = deps;
  const steps =
    'device' in asker
      ? [{ key: `mail:${kind}:device:${asker.device.nonce}`, limit: config.limits.mailPerDevice }]
      : [
          {
            key: `mail:${kind}:${email}|${asker.address ?? 'in-process'}`,
            limit: config.limits.mailPerRecipient,
          },
          { key: `mail:${kind}:${email}`, limit: config.limits.mailPerRecipientTotal },
        ];
  const ids: number[] = [];
  for (const { key, limit } of steps) {
    const slot = await takeAction(db, key, limit.max, limit.windowMs, now);
    if (!slot.allowed) {
      await forgetActions(db, ids);
      return false;
    }
    ids.push(slot.id);
  }
  return true;
}
