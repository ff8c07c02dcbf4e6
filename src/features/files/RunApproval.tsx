import { useSelector } from '@xstate/react';
import { format } from 'date-fns';
import { useEffect, useRef } from 'react';
import { createActor } from 'xstate';
import type { FileRun } from '../../../contract/adFiles';
import type { RunApprovalState } from '../../../contract/approvalRequests';
import { can } from '../../../contract/roles';
import { useLoadedApp } from '../../system/AppContext';
import { runApprovalLogic } from '../../system/files';
import { useUserData } from '../../system/hooks/session';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { Button } from '../../ui/Button';
import { focusIfLost } from '../../ui/focusIfLost';
import { DeclineDialog } from './DeclineDialog';
import { useRunReadFailed } from './runReadFailed';

const onDay = (at: string) => format(new Date(at), 'MMM d, yyyy');

/** A run's approval as the file's card and the order page both know it: which run, and where it stands. */
export type RunApprovalOf = Pick<FileRun, 'order' | 'run' | 'run_label'> & RunApprovalState;

/** Where the run's approval stands, in a sentence: approved, asked for, or declined and why. */
export function approvalInWords(run: Pick<RunApprovalState, 'approved' | 'request'>): string | null {
  const { approved, request } = run;
  // Approved on a member's request: who asked stays said beside who decided (the issue's "who asked,
  // who decided and when"), not only in the requests' history.
  const asked =
    request?.state === 'accepted'
      ? `, asked by ${request.requested_by ?? 'a former colleague'} on ${onDay(request.requested_at)}`
      : '';
  if (approved) return `Approved by ${approved.by ?? 'a former colleague'} on ${onDay(approved.at)}${asked}`;
  if (request?.state === 'open')
    return `Requested by ${request.requested_by ?? 'a former colleague'} on ${onDay(request.requested_at)} — waiting for an admin`;
  if (request?.state === 'declined')
    return `Declined by ${request.decided_by ?? 'a former colleague'}: ${request.reason ?? ''}`;
  return null;
}

/**
 * One run's approval (issue 33): where it stands, and the buttons the signed-in person may use —
 * Approve (or Ask for approval, a member's while approvals need an admin), Withdraw request (their
 * own), Accept or Decline with a reason (the owner and admins).
 */
export function RunApproval({
  fileId,
  fileName,
  run,
  onChanged,
}: {
  fileId: string;
  fileName: string;
  run: RunApprovalOf;
  onChanged(): void;
}) {
  const app = useLoadedApp();
  const user = useUserData();
  const actor = useFlowActor(() =>
    createActor(runApprovalLogic(onChanged), {
      ...app.actorOptions,
      input: { fileId, order: run.order, run: run.run },
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  // The run read again (its approval or request changed): the machine's outcome gives way to it.
  const fingerprint = `${run.approved?.at ?? ''}|${run.request?.id ?? ''}|${run.request?.state ?? ''}`;
  const seen = useRef(fingerprint);
  // The sentence the focus goes to when the button pressed is gone (Approve, Accept, Decline…).
  const sentence = useRef<HTMLParagraphElement>(null);
  const acted = useRef(false);
  useEffect(() => {
    if (seen.current === fingerprint) return;
    seen.current = fingerprint;
    actor.send({ type: 'approval.refreshed' });
    if (acted.current) focusIfLost(sentence.current);
    acted.current = false;
  }, [actor, fingerprint]);
  // The page's read-again failed (it says so, with Try again): the buttons are not held for it.
  const readFailed = useRunReadFailed();
  useEffect(() => {
    if (readFailed) actor.send({ type: 'approval.refreshFailed' });
  }, [actor, readFailed]);
  const context = useSelector(actor, (s) => s.context);
  // In flight, or done and waiting for the run to be read again: pressing again would only be refused.
  const busy = [
    'sending',
    'withdrawing',
    'accepting',
    'declining',
    'approved',
    'requested',
    'withdrawn',
    'accepted',
    'declined',
  ].includes(String(state));
  const editing = typeof state === 'object' && 'editingReason' in state;
  const open = run.request?.state === 'open' ? run.request : null;
  const decides = can(user?.role, 'decideApprovals');
  const yours = open?.yours === true;
  const words = approvalInWords(run);
  const label = `${fileName}, ${run.run_label}`;
  return (
    <div className="grid gap-2" aria-busy={busy}>
      {/* Always there, so what changes is said (Approved by…, Requested by…, Declined by…). */}
      <p ref={sentence} aria-live="polite" tabIndex={-1} className="text-sm text-ink-soft">
        {words ?? ''}
      </p>
      {context.error && !editing ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {context.error}
        </p>
      ) : null}
      {state === 'requested' || state === 'asked' ? (
        <p role="status" className="text-sm font-semibold text-primary-700">
          Sent to your admins for approval.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {run.can_approve && !open ? (
          <Button
            onClick={() => {
              acted.current = true;
              actor.send({ type: 'approval.approve' });
            }}
            disabled={busy}
          >
            {run.approve_mode === 'request' ? 'Ask for approval' : 'Approve'}
            <span className="sr-only"> {label}</span>
          </Button>
        ) : null}
        {open && decides ? (
          <>
            <Button
              onClick={() => {
                acted.current = true;
                actor.send({ type: 'approval.accept', requestId: open.id });
              }}
              disabled={busy}
            >
              Accept<span className="sr-only"> {label}</span>
            </Button>
            <Button
              variant="secondary"
              onClick={() => {
                acted.current = true;
                actor.send({ type: 'approval.startDecline', requestId: open.id });
              }}
              disabled={busy}
            >
              Decline<span className="sr-only"> {label}</span>
            </Button>
          </>
        ) : null}
        {open && yours && !decides ? (
          <Button
            variant="secondary"
            onClick={() => {
              acted.current = true;
              actor.send({ type: 'approval.withdraw', requestId: open.id });
            }}
            disabled={busy}
          >
            Withdraw request<span className="sr-only"> {label}</span>
          </Button>
        ) : null}
      </div>
      <DeclineDialog
        open={editing || state === 'declining'}
        fileName={fileName}
        reason={context.reason}
        error={context.error}
        busy={state === 'declining'}
        onReason={(reason) => actor.send({ type: 'approval.reasonChanged', reason })}
        onDecline={() => actor.send({ type: 'approval.decline' })}
        onCancel={() => actor.send({ type: 'approval.cancelDecline' })}
      />
    </div>
  );
}
