import { dayInWords } from '../../../contract/schedule';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { useChosenWeek, useEddmActor, useIsConfirmingDuplicate, useMailingTotals } from './useEddm';

/** Asked before a second add of the same routes for the same week: most often a double click, not a plan. */
export function DuplicateMailingDialog() {
  const eddmActor = useEddmActor();
  const open = useIsConfirmingDuplicate();
  const week = useChosenWeek();
  const { routes } = useMailingTotals();
  return (
    <ConfirmDialog
      open={open}
      title="Already in your cart"
      confirmLabel="Add again"
      dismissLabel="Cancel"
      confirmVariant="primary"
      onConfirm={() => eddmActor.send({ type: 'eddm.duplicateConfirmed' })}
      onDismiss={() => eddmActor.send({ type: 'eddm.duplicateCancelled' })}
    >
      {/* The week is read while the question is open: the machine drops the question if it changes. */}
      This mailing ({routes} route{routes === 1 ? '' : 's'}) is already in your cart for the week of{' '}
      {week ? dayInWords(week) : ''}. Add it again?
    </ConfirmDialog>
  );
}
