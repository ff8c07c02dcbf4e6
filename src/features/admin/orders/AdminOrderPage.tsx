import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { createActor } from 'xstate';
import {
  selectAdminActionError,
  selectAdminBusy,
  selectAdminOrder,
  selectAdminOrderError,
  selectAdminOrderStatus,
  selectAdminSaved,
  selectAdminSaves,
} from '../../../../machines/admin/adminOrder.machine';
import { useLoadedApp } from '../../../system/AppContext';
import { adminOrderLogic } from '../../../system/admin/orders';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { OrderTimeline } from '../../orders/OrderTimeline';
import { DesignPanel } from '../design/DesignPanel';
import { AdminRuns } from './AdminRuns';
import { BookingDialog } from './BookingDialog';
import { DeliverDialog } from './DeliverDialog';
import { OrderNotes } from './OrderNotes';
import { isSavedBy, type OpenDialog } from './openDialog';

type Open = OpenDialog | null;

/**
 * /admin/orders/{number}: all the customer sees of the order, its company and internal notes, and
 * production's actions (booking, proofs, cancelling for the customer), each in its dialog, which
 * closes once the action is saved.
 */
export function AdminOrderPage({ number }: { number: string }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() =>
    createActor(adminOrderLogic(), { ...app.actorOptions, input: { number } }),
  );
  const status = useSelector(actor, selectAdminOrderStatus);
  const order = useSelector(actor, selectAdminOrder);
  const loadError = useSelector(actor, selectAdminOrderError);
  const actionError = useSelector(actor, selectAdminActionError);
  const busy = useSelector(actor, selectAdminBusy);
  const saves = useSelector(actor, selectAdminSaves);
  const saved = useSelector(actor, selectAdminSaved);
  const [open, setOpen] = useState<Open>(null);
  const [openedAt, setOpenedAt] = useState(0);
  // A dialog closes once its own action is saved (the answer replaced the order).
  if (open && saves > openedAt && isSavedBy(open, saved)) setOpen(null);
  const show = (next: Open) => {
    setOpenedAt(saves);
    setOpen(next);
  };

  if (status === 'loading') return <p>Loading order {number}…</p>;
  if (status === 'missing') return <p role="alert">There is no order {number}.</p>;
  if (status === 'failed' || !order)
    return (
      <p role="alert">
        {loadError}{' '}
        <button type="button" className="underline" onClick={() => actor.send({ type: 'adminOrder.retry' })}>
          Try again
        </button>
      </p>
    );
  const live = order.status !== 'cancelled';
  // A design order is the studio's own work: no publisher books it.
  const toBook =
    live &&
    order.design === null &&
    order.runs.some((run) => run.booking.state === 'pending' && run.status !== 'completed');
  const delivering =
    open?.dialog === 'deliver' ? (order.runs.find((r) => (r.value ?? 'design') === open.run) ?? null) : null;
  return (
    <div className="grid gap-6">
      <header className="grid gap-1">
        <h1 className="text-2xl font-bold text-ink">Order {order.number}</h1>
        <p className="text-ink-soft">
          {order.company.name} · {order.title} ({order.market}) · {order.quantity_label} ·{' '}
          {order.total_formatted}
        </p>
        {order.placed_by ? (
          <p className="text-sm text-ink-muted">
            Placed by {order.placed_by.name} ({order.placed_by.email})
          </p>
        ) : null}
      </header>
      {actionError && !open ? (
        <p role="alert" className="text-coral-700">
          {actionError}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {toBook ? <Button onClick={() => show({ dialog: 'booking' })}>Confirm booking</Button> : null}
        {order.cancel_until ? (
          <Button variant="danger" onClick={() => show({ dialog: 'cancel' })}>
            Cancel order for the customer
          </Button>
        ) : null}
      </div>
      <OrderTimeline steps={order.timeline} />
      <AdminRuns order={order} onDeliver={(run) => show({ dialog: 'deliver', run })} />
      {order.design ? <DesignPanel orderNumber={order.number} /> : null}
      <OrderNotes
        notes={order.notes}
        busy={busy !== null}
        saves={saves}
        onNote={(body) => actor.send({ type: 'adminOrder.note', body })}
      />
      <BookingDialog
        open={open?.dialog === 'booking'}
        busy={busy === 'booking'}
        error={open?.dialog === 'booking' ? actionError : null}
        onBook={(reference) => actor.send({ type: 'adminOrder.book', reference })}
        onClose={() => setOpen(null)}
      />
      <DeliverDialog
        key={delivering?.value ?? 'none'}
        run={delivering}
        kinds={order.proof_kinds}
        busy={busy === 'delivering'}
        error={delivering ? actionError : null}
        onDeliver={(proof) => actor.send({ type: 'adminOrder.deliver', proof })}
        onClose={() => setOpen(null)}
      />
      <ConfirmDialog
        open={open?.dialog === 'cancel'}
        title={`Cancel order ${order.number} for ${order.company.name}?`}
        confirmLabel="Cancel the order"
        dismissLabel="Keep the order"
        onConfirm={() => actor.send({ type: 'adminOrder.cancel' })}
        onDismiss={() => setOpen(null)}
      >
        The customer is credited as if they had cancelled it themselves, and e-mailed that our team cancelled
        it. {actionError && open?.dialog === 'cancel' ? <strong role="alert">{actionError}</strong> : null}
      </ConfirmDialog>
    </div>
  );
}
