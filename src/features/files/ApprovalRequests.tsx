import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { createActor } from 'xstate';
import type { ApprovalRequestsList, ListedApprovalRequest } from '../../../contract/approvalRequests';
import { can } from '../../../contract/roles';
import { useLoadedApp } from '../../system/AppContext';
import { approvalRequestsLogic, runApprovalLogic } from '../../system/files';
import { useRequestData, useRequestError } from '../../system/hooks/request';
import { useUserData } from '../../system/hooks/session';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { SiteLink } from '../../ui/SiteLink';
import { instantInWords } from '../orders/orderWords';
import { DeclineDialog } from './DeclineDialog';

/** One open request, with Accept and Decline (a reason asked for in a dialog). */
function RequestRow({ request, onChanged }: { request: ListedApprovalRequest; onChanged(): void }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(runApprovalLogic(onChanged), {
      ...app.actorOptions,
      input: { fileId: request.file.id, order: request.order, run: request.run },
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const editing = typeof state === 'object' && 'editingReason' in state;
  // Decided, the request leaves the list when it is read again: until then nothing is sent twice.
  const busy = ['accepting', 'declining', 'accepted', 'declined'].includes(String(state));
  const label = `${request.file.name}, ${request.run_label}`;
  return (
    <li className="grid gap-2 py-3" aria-label={`Request for ${label}`}>
      <p className="text-sm text-ink">
        <span className="font-semibold break-all">{request.file.name}</span> for{' '}
        <SiteLink href={`/orders/${request.order}`} className="font-semibold text-primary-700 underline">
          {request.order}
        </SiteLink>
        , {request.run_label}
      </p>
      <p className="text-sm text-ink-soft">
        Requested by {request.requested_by ?? 'a former colleague'} on {instantInWords(request.requested_at)}
      </p>
      {context.error && !editing ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {context.error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => actor.send({ type: 'approval.accept', requestId: request.id })}
          disabled={busy}
        >
          Accept<span className="sr-only"> {label}</span>
        </Button>
        <Button
          variant="secondary"
          onClick={() => actor.send({ type: 'approval.startDecline', requestId: request.id })}
          disabled={busy}
        >
          Decline<span className="sr-only"> {label}</span>
        </Button>
      </div>
      <DeclineDialog
        open={editing || state === 'declining'}
        fileName={request.file.name}
        reason={context.reason}
        error={context.error}
        busy={state === 'declining'}
        onReason={(reason) => actor.send({ type: 'approval.reasonChanged', reason })}
        onDecline={() => actor.send({ type: 'approval.decline' })}
        onCancel={() => actor.send({ type: 'approval.cancelDecline' })}
      />
    </li>
  );
}

/**
 * Issue 33: the open requests for approval, at the top of /files for the owner and admins; nothing
 * for a member, nor when none is open. `version` reads them again when the files change.
 */
export function ApprovalRequests({ version, onChanged }: { version: number; onChanged(): void }) {
  const app = useLoadedApp();
  const user = useUserData();
  const decides = can(user?.role, 'decideApprovals');
  const list = useFlowActor(() =>
    createActor(approvalRequestsLogic(), { ...app.actorOptions, input: { key: null } }),
  );
  useEffect(() => {
    list.send({
      type: 'request.keyChanged',
      key: decides && user?.uuid ? { customer: user.uuid, version } : null,
    });
  }, [list, decides, user?.uuid, version]);
  const answer: ApprovalRequestsList | null = useRequestData(list);
  const error = useRequestError(list);
  if (!decides) return null;
  if (error) return <FormAlert tone="error">{error}</FormAlert>;
  if (!answer || answer.requests.length === 0) return null;
  return (
    <section aria-labelledby="approval-requests" className="rounded-2xl bg-primary-50/50 p-5">
      <h2 id="approval-requests" className="text-lg font-bold text-ink">
        Approval requests ({answer.requests.length})
      </h2>
      <ul aria-label="Approval requests" className="divide-y divide-primary-100">
        {answer.requests.map((request) => (
          <RequestRow key={request.id} request={request} onChanged={onChanged} />
        ))}
      </ul>
    </section>
  );
}
