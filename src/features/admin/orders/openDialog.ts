import type { AdminAction } from '../../../../machines/admin/adminOrder.machine';

/** The order page's open dialog: booking, one run's delivery, or cancelling. */
export type OpenDialog = { dialog: 'booking' } | { dialog: 'deliver'; run: string } | { dialog: 'cancel' };

/**
 * Whether the action just saved is the one this dialog sends: a dialog closed while its save ran
 * must not close the next one opened when the answer comes.
 */
export function isSavedBy(open: OpenDialog, saved: AdminAction | null): boolean {
  if (!saved) return false;
  if (open.dialog === 'booking') return saved.type === 'adminOrder.book';
  if (open.dialog === 'cancel') return saved.type === 'adminOrder.cancel';
  return saved.type === 'adminOrder.deliver' && saved.proof.run === open.run;
}
