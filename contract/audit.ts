import { z } from 'zod';
import { calendarDay, pageParam } from './params';

/** GET /admin/audit: filters; 50 entries a page, newest first. */
export const auditQuery = z.object({
  actor: z.string().trim().max(254).optional(),
  action: z.string().trim().max(80).optional(),
  type: z.string().trim().max(40).optional(),
  record: z.string().trim().max(80).optional(),
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  page: pageParam,
});

/** One staff write: who, what, the record (with its back-office page), what changed, from where. */
export const auditEntry = z.object({
  id: z.string(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  record: z.object({ type: z.string(), id: z.string(), path: z.string().nullable() }),
  changes: z.array(z.object({ field: z.string(), before: z.unknown(), after: z.unknown() })),
  address: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

export const auditPage = z.object({ entries: z.array(auditEntry) });
export type AuditPage = z.infer<typeof auditPage>;
