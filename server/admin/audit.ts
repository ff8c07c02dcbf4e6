import type { Context } from 'hono';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/clientAddress';
import { signedInStaff } from './auth';

// Stand-in of part 1's server/admin/audit.ts (issue 31, part 4 needed it first): same signature; the
// merge keeps part 1's.

export type AuditRecord = {
  type: 'staff' | 'invite' | 'placement' | 'order' | 'run' | 'file' | 'design-brief' | 'design-proof';
  id: string;
};

/** One staff write's entry, in the write's own transaction. */
export async function audit(
  tx: Db,
  c: Context<AppEnv>,
  e: { action: string; record: AuditRecord; before: unknown; after: unknown },
): Promise<void> {
  const member = signedInStaff(c);
  await tx.insert(auditLog).values({
    at: c.var.clock(),
    staffId: member.id,
    actor: member.email,
    action: e.action,
    recordType: e.record.type,
    recordId: e.record.id,
    before: e.before ?? null,
    after: e.after ?? null,
    address: clientAddress(c),
    requestId: c.var.requestId,
  });
  c.set('audited', true);
}
