import { useState } from 'react';
import { ActionDialog } from './ActionDialog';
import { Labelled } from './Labelled';

/** "Confirm booking": the publisher's reference for every run not ended. */
export function BookingDialog({
  open,
  busy,
  error,
  onBook,
  onClose,
}: {
  open: boolean;
  busy: boolean;
  error: string | null;
  onBook(reference: string): void;
  onClose(): void;
}) {
  const [reference, setReference] = useState('');
  return (
    <ActionDialog
      open={open}
      title="Confirm the booking"
      submitLabel="Confirm booking"
      busy={busy}
      error={error}
      onSubmit={() => onBook(reference)}
      onClose={onClose}
    >
      <Labelled label="Publisher's reference">
        {(id) => (
          <input
            id={id}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            maxLength={80}
            required
            className="h-10 rounded-button border border-primary-200 px-3"
          />
        )}
      </Labelled>
    </ActionDialog>
  );
}
