import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import {
  type fileReviewMachine,
  selectReviewDecision,
  selectReviewError,
  selectReviewing,
  selectReviewNote,
  selectReviewSending,
} from '../../../../machines/admin/fileReview.machine';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';

/** "Accept with a note" or "Send back": the note the customer reads, sent with the decision. */
export function ReviewDialog({ actor }: { actor: ActorRefFrom<typeof fileReviewMachine> }) {
  const file = useSelector(actor, selectReviewing);
  const decision = useSelector(actor, selectReviewDecision);
  const note = useSelector(actor, selectReviewNote);
  const error = useSelector(actor, selectReviewError);
  const sending = useSelector(actor, selectReviewSending);
  const noteId = useId();
  const close = () => actor.send({ type: 'review.cancel' });
  return (
    <Dialog open={file !== null} onClose={sending ? () => {} : close} className="fixed inset-0 z-dialog">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40 backdrop-blur-[2px]" />
      <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
        <DialogPanel className="max-h-[calc(100dvh-2rem)] w-full max-w-md overflow-y-auto rounded-3xl bg-white p-6 shadow-2xl">
          <DialogTitle className="text-lg font-bold text-ink">
            {decision === 'accept' ? 'Accept' : 'Send back'} {file?.name}
          </DialogTitle>
          <p className="mt-1 text-sm text-ink-soft">
            {decision === 'accept'
              ? 'The customer sees your note; the file becomes the run’s ad if it has none.'
              : 'The customer is e-mailed your note and sends a new file.'}
          </p>
          <form
            className="mt-4 grid gap-3"
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'review.send' });
            }}
          >
            <label htmlFor={noteId} className="text-sm font-bold text-ink">
              Note to the customer
            </label>
            <textarea
              id={noteId}
              rows={4}
              value={note}
              data-autofocus
              onChange={(event) => actor.send({ type: 'review.note', text: event.target.value })}
              className="w-full rounded-xl border-2 border-primary-100 px-3.5 py-2.5 text-base text-ink focus:border-primary"
            />
            {error ? <FormAlert tone="error">{error}</FormAlert> : null}
            <div className="flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
              <Button variant="secondary" type="button" onClick={close} inactive={sending}>
                Cancel
              </Button>
              <Button type="submit" inactive={sending || !note.trim()}>
                {sending ? 'Sending…' : decision === 'accept' ? 'Accept with a note' : 'Send back'}
              </Button>
            </div>
          </form>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
