import { fromPromise } from 'xstate';
import type { AuditEntry } from '../../../contract/audit';
import type { StaffList } from '../../../contract/staff';
import { createRequestMachine } from '../../../machines/request/request.machine';
import { type AuditFilters, auditEntries } from '../../api/admin/audit';
import { staffList } from '../../api/admin/staff';
import { type Paged, pageOf, toResult } from '../../api/result';

export type AuditAnswer = Paged<'entries', AuditEntry>;

const auditRequest = createRequestMachine<AuditFilters, AuditAnswer>({ id: 'auditLog' });

/** The audit page's entries for the filters in the address. */
export const auditLogic = () =>
  auditRequest.provide({
    actors: {
      load: fromPromise(async ({ input: { key } }) => {
        const answer = await auditEntries(key);
        const result = toResult(answer);
        if (!result.ok) throw new Error(result.message);
        return { entries: result.data.entries, ...pageOf(answer.meta, { page: 1, total: 0 }) };
      }),
    },
  });

/** The key is a count: each change made on the page asks for the list again. */
const staffRequest = createRequestMachine<number, StaffList>({ id: 'staffList' });

export const staffListLogic = () =>
  staffRequest.provide({
    actors: {
      load: fromPromise(async () => {
        const result = await staffList();
        if (!result.ok) throw new Error(result.message);
        return result.data;
      }),
    },
  });
