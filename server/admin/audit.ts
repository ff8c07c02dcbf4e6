import type { Context } from 'hono';
import { appendAudit } from '../data/auditLog';
import type { Db } from '../db/client';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/clientAddress';
import { signedInStaff } from './auth';

/** The record an entry is about; its type and id find its back-office page (auditView.ts). */
export interface AuditRecord {
  type:
    | 'staff'
    | 'invite'
    | 'placement'
    | 'order'
    | 'run'
    | 'file'
    | 'design-brief'
    | 'design-proof'
    // Issue 32: a company is its coid; its person, manual payment or credit is `<coid>/<their id>`, so
    // the company's page finds every entry about it by the prefix (auditView.ts links them there).
    | 'company'
    | 'person'
    | 'payment'
    | 'credit';
  id: string;
}

export interface AuditEvent {
  /** What was done, `<record>.<past tense>`: `placement.updated`, `run.delivered`. */
  action: string;
  record: AuditRecord;
  /** The record's audited view before and after (null when created or removed): never secrets. */
  before: unknown;
  after: unknown;
}

const jsonOf = (value: unknown) => (value === undefined ? null : value);

/**
 * Records a staff write. Call it with the write's transaction, so the entry exists exactly when the
 * write does; the admin router logs an error for a successful write that never called it.
 */
export async function audit(tx: Db, c: Context<AppEnv>, e: AuditEvent): Promise<void> {
  const member = signedInStaff(c);
  await appendAudit(tx, {
    at: c.var.clock(),
    staffId: member.id,
    actor: member.email,
    action: e.action,
    recordType: e.record.type,
    recordId: e.record.id,
    before: jsonOf(e.before),
    after: jsonOf(e.after),
    address: clientAddress(c),
    requestId: c.var.requestId,
  });
  c.set('audited', true);
}

/** A write made without a staff session: the setup link, or `npm run staff:create` from a shell. */
export async function auditShell(
  tx: Db,
  e: AuditEvent & { actor: 'shell' | 'setup'; now: Date; address?: string | null; requestId?: string | null },
): Promise<void> {
  await appendAudit(tx, {
    at: e.now,
    staffId: null,
    actor: e.actor,
    action: e.action,
    recordType: e.record.type,
    recordId: e.record.id,
    before: jsonOf(e.before),
    after: jsonOf(e.after),
    address: e.address ?? null,
    requestId: e.requestId ?? null,
  });
}
