import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { COMPANIES_PER_PAGE, companiesQuery, companyPatch, personPatch } from '../../contract/adminCompanies';
import { PAYMENT_TERMS_LABELS } from '../../contract/paymentTerms';
import { findAccount } from '../data/accounts';
import {
  type CompanyRecord,
  companyByCoid,
  enabledReps,
  openInvitationsOf,
  personOf,
  setPersonDisabled,
  updateCompany,
} from '../data/adminCompanies';
import { renewInvite } from '../data/invitations';
import { endAllSignIns } from '../data/tokens';
import type { AppEnv } from '../env';
import { invalidField } from '../http/body';
import { fail, ok, pageMeta } from '../http/envelope';
import { formBody, params, query } from '../http/validators';
import { mails } from '../mail/messages';
import { sendMail } from '../mail/send';
import { brandOf } from '../mail/templates/brand';
import { DAY_MS } from '../time';
import { audit } from './audit';
import { requireStaff, signedInStaff } from './auth';
import { companyAuditView, companyDetailOf, companyRowsOf } from './companyViews';
import { repScope } from './repScope';

/** The back office's customers (issue 32, part 1): companies, their people, terms and reps. */

const coidParam = z.uuid('The company id in the address is not valid.');
const idParam = z.uuid('The id in the address is not valid.');
const NO_COMPANY = 'There is no such company: search the customers list for it.';
const NO_PERSON = 'That person is not one of this company’s people: reload the page to see who is.';
const NO_INVITATION =
  'That invitation is no longer open: it was accepted, cancelled or has expired. Reload the page to see the company’s invitations.';
/** As long as an invitation sent again from the customer's own team page lives (server/routes/team.ts). */
const INVITE_TTL_MS = 14 * DAY_MS;

/** The company of the address as the signed-in staff member may see it (a rep: only theirs), or null. */
const companyOf = (c: Context<AppEnv>, coid: string, lock = false, db = c.var.db) =>
  companyByCoid(db, coid, repScope(signedInStaff(c)), lock);

const detailAnswer = async (c: Context<AppEnv>, company: CompanyRecord, message?: string) =>
  ok(c, await companyDetailOf(c.var.db, company, signedInStaff(c), c.var.clock()), {}, message);

type Outcome = { company: CompanyRecord; message: string } | { status: 404 | 409 | 422; message: string };

const nameOf = (p: { firstname: string; lastname: string }) => `${p.firstname} ${p.lastname}`;

export const companyRoutes = new Hono<AppEnv>()
  .get('/companies', requireStaff('customers.read'), query(companiesQuery), async (c) => {
    const asked = c.req.valid('query');
    const { rows, total } = await companyRowsOf(
      c.var.db,
      asked,
      repScope(signedInStaff(c)),
      COMPANIES_PER_PAGE,
    );
    return ok(c, rows, pageMeta(asked.page, COMPANIES_PER_PAGE, total));
  })
  .get('/companies/:coid', requireStaff('customers.read'), params({ coid: coidParam }), async (c) => {
    const company = await companyOf(c, c.req.valid('param').coid);
    return company ? detailAnswer(c, company) : fail(c, 404, NO_COMPANY);
  })
  /** Terms, credit limit (dollars, null: none) and rep (a rep's id, null: none), audited together. */
  .patch(
    '/companies/:coid',
    requireStaff('customers.terms'),
    params({ coid: coidParam }),
    formBody(companyPatch),
    async (c) => {
      const { coid } = c.req.valid('param');
      const body = c.req.valid('form');
      if (body.rep) {
        const reps = await enabledReps(c.var.db);
        if (!reps.some((rep) => rep.id === body.rep))
          throw invalidField('rep', 'Choose an enabled rep from the list, or none.');
      }
      const outcome = await c.var.db.transaction(async (tx): Promise<Outcome> => {
        const before = await companyOf(c, coid, true, tx);
        if (!before) return { status: 404, message: NO_COMPANY };
        const after = await updateCompany(tx, before.id, {
          ...(body.payment_terms !== undefined ? { paymentTerms: body.payment_terms } : {}),
          ...(body.credit_limit !== undefined
            ? { creditLimitCents: body.credit_limit === null ? null : Math.round(body.credit_limit * 100) }
            : {}),
          ...(body.rep !== undefined ? { repStaffId: body.rep } : {}),
        });
        await audit(tx, c, {
          action: 'company.updated',
          record: { type: 'company', id: coid },
          before: companyAuditView(before),
          after: companyAuditView(after),
        });
        return {
          company: after,
          message: `${after.name} is on ${PAYMENT_TERMS_LABELS[after.paymentTerms].toLowerCase()} terms now.`,
        };
      });
      if ('status' in outcome) return fail(c, outcome.status, outcome.message);
      return detailAnswer(c, outcome.company, outcome.message);
    },
  )
  /** The company's open invitation e-mailed again, its link living 14 days from now (as from the team page). */
  .post(
    '/companies/:coid/invitations/:id/resend',
    requireStaff('customers.manage'),
    params({ coid: coidParam, id: idParam }),
    async (c) => {
      const { coid, id } = c.req.valid('param');
      const now = c.var.clock();
      const company = await companyOf(c, coid);
      if (!company) return fail(c, 404, NO_COMPANY);
      const invitation = (await openInvitationsOf(c.var.db, company.id, now)).find((i) => i.id === id);
      if (!invitation) return fail(c, 404, NO_INVITATION);
      const renewed = await c.var.db.transaction(async (tx) => {
        if (!(await renewInvite(tx, company.id, id, now, INVITE_TTL_MS))) return false;
        await audit(tx, c, {
          action: 'company.invitationResent',
          record: { type: 'company', id: coid },
          before: { invitation: invitation.email, expires_at: invitation.expiresAt.toISOString() },
          after: {
            invitation: invitation.email,
            expires_at: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
          },
        });
        return true;
      });
      if (!renewed) return fail(c, 404, NO_INVITATION);
      // Signed by whoever invited them, as the first e-mail was; the company's name when they have left.
      const inviter = invitation.invitedBy ? await findAccount(c.var.db, { id: invitation.invitedBy }) : null;
      const deps = { db: c.var.db, config: c.var.config, clock: c.var.clock, jobs: c.var.jobs };
      const link = `${c.var.config.publicUrl}/join?uuid=${invitation.uuid}&coid=${company.coid}`;
      const mail = mails.colleagueInvite(
        invitation.email,
        brandOf(c.var.config),
        {
          firstname: inviter?.firstname ?? company.name,
          lastname: inviter?.lastname ?? '',
          company: company.name,
        },
        link,
      );
      c.var.background.run(async () => sendMail(deps, await mail));
      return detailAnswer(
        c,
        company,
        `The invitation is sent again to ${invitation.email}; its link works for 14 more days.`,
      );
    },
  )
  /**
   * Disabling a person ends every sign-in of theirs at once and refuses the next; enabling lets them
   * sign in again. An owner may be disabled too (a lost or misused account): the company keeps them as
   * its owner, so enabling gives everything back; its admins work on meanwhile.
   */
  .patch(
    '/companies/:coid/people/:id',
    requireStaff('customers.manage'),
    params({ coid: coidParam, id: idParam }),
    formBody(personPatch),
    async (c) => {
      const { coid, id } = c.req.valid('param');
      const { disabled } = c.req.valid('form');
      const now = c.var.clock();
      const outcome = await c.var.db.transaction(async (tx): Promise<Outcome> => {
        const company = await companyOf(c, coid, false, tx);
        if (!company) return { status: 404, message: NO_COMPANY };
        const person = await personOf(tx, company.id, id, true);
        if (!person) return { status: 404, message: NO_PERSON };
        if (person.removedAt)
          return {
            status: 409,
            message: `${nameOf(person)} was removed from ${company.name} and cannot sign in already.`,
          };
        const was = person.disabledAt !== null;
        if (was !== disabled) {
          await setPersonDisabled(tx, id, disabled ? now : null);
          if (disabled) await endAllSignIns(tx, id, now);
        }
        await audit(tx, c, {
          action: disabled ? 'person.disabled' : 'person.enabled',
          record: { type: 'person', id: `${coid}/${id}` },
          before: { email: person.email, disabled: was },
          after: { email: person.email, disabled },
        });
        return {
          company,
          message: disabled
            ? `${nameOf(person)} is disabled: every sign-in of theirs has ended, and they cannot sign in until enabled.`
            : `${nameOf(person)} is enabled: they can sign in again.`,
        };
      });
      if ('status' in outcome) return fail(c, outcome.status, outcome.message);
      return detailAnswer(c, outcome.company, outcome.message);
    },
  );
