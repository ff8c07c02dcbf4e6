import { Hono } from 'hono';
import { type StandingPoAnswer, standingPoBody } from '../../contract/billing';
import { type StandingPoRecord, setStandingPo, standingPoOf } from '../data/standingPo';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { requirePermission, requireUser, signedInUser } from '../http/auth';
import { ok } from '../http/envelope';
import { formBody } from '../http/validators';

const OWNERS_AND_ADMINS =
  'Only the owner or an admin of your company can set a standing PO. Ask one of them, or type the PO number at checkout.';

const answerOf = (record: StandingPoRecord | null): StandingPoAnswer => ({
  standing_po: record
    ? { po_number: record.number, set_by: record.setBy?.name ?? null, set_at: record.setAt.toISOString() }
    : null,
});

const answerFor = async (db: Db, companyId: number) => answerOf(await standingPoOf(db, companyId));

/**
 * GET and PUT /billing/po: the company's standing PO. Everyone of the company reads it, since every
 * checkout uses it; only the owner and admins set or remove it, and each change is logged with who
 * made it (the company and the person, not the number).
 */
export const standingPoRoutes = new Hono<AppEnv>()
  .get('/po', requireUser, async (c) => {
    const { account } = signedInUser(c);
    return ok(c, await answerFor(c.var.db, account.companyId));
  })
  .put(
    '/po',
    requireUser,
    requirePermission('billing', OWNERS_AND_ADMINS),
    formBody(standingPoBody),
    async (c) => {
      const { po_number } = c.req.valid('form');
      const { account } = signedInUser(c);
      const number = po_number || null;
      await setStandingPo(c.var.db, {
        companyId: account.companyId,
        number,
        userId: account.id,
        at: c.var.clock(),
      });
      c.var.log.info(
        { companyId: account.companyId, by: account.id, change: number ? 'set' : 'removed' },
        'standing PO changed',
      );
      const message = number
        ? `Every checkout now starts with PO number ${number}, until it is removed on Billing.`
        : 'The standing PO is removed: each checkout asks for its own PO number.';
      return ok(c, await answerFor(c.var.db, account.companyId), {}, message);
    },
  );
