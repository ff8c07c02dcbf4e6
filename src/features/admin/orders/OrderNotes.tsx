import { format } from 'date-fns';
import { useState } from 'react';
import type { AdminOrder } from '../../../../contract/adminOrders';
import { Button } from '../../../ui/Button';
import { Labelled } from './Labelled';

/** Internal notes: staff read them, the customer never does. */
export function OrderNotes({
  notes,
  busy,
  saves,
  onNote,
}: {
  notes: AdminOrder['notes'];
  busy: boolean;
  /** Moves on after each saved action: the field empties once its note is saved. */
  saves: number;
  onNote(body: string): void;
}) {
  const [body, setBody] = useState('');
  const [sentAt, setSentAt] = useState<number | null>(null);
  if (sentAt !== null && saves > sentAt) {
    setBody('');
    setSentAt(null);
  }
  return (
    <section aria-labelledby="order-notes" className="rounded-3xl border border-primary-100 bg-white p-6">
      <h2 id="order-notes" className="text-lg font-bold text-ink">
        Internal notes
      </h2>
      {notes.length > 0 ? (
        <ol className="mt-3 grid gap-3">
          {notes.map((note) => (
            <li key={`${note.at}-${note.by}`} className="text-sm">
              <p className="whitespace-pre-wrap text-ink">{note.body}</p>
              <p className="text-ink-muted">
                {note.by}, {format(new Date(note.at), 'MMM d, yyyy, h:mm a')}
              </p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">No notes yet. The customer never sees them.</p>
      )}
      <form
        className="mt-4 grid gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          setSentAt(saves);
          onNote(body);
        }}
      >
        <Labelled label="Note">
          {(id) => (
            <textarea
              id={id}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              maxLength={2000}
              required
              rows={3}
              className="rounded-button border border-primary-200 p-3"
            />
          )}
        </Labelled>
        <div>
          <Button type="submit" disabled={busy}>
            Add note
          </Button>
        </div>
      </form>
    </section>
  );
}
