import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { CommentPin } from '../../../../contract/adFiles';
import { useLoadedApp } from '../../../system/AppContext';
import { createCommentThread, type ThreadSource } from '../../../system/fileComments';
import { useUserData } from '../../../system/hooks/session';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { CommentForm } from './CommentForm';
import { CommentList, pinNumbers } from './CommentList';

/** A pin the proof viewer draws: where a comment was pinned, labelled with the comment's pin number. */
export interface ThreadPin extends CommentPin {
  id: string;
  label: string;
}

export interface CommentThreadProps {
  /** A file's thread (its page, its library card) or an order's (the comments on its files). */
  source: ThreadSource;
  /** A point picked on the proof for the next comment, held by the page; null or absent: none. */
  pin?: CommentPin | null;
  /** "Pin to a point on the proof": the page lets the viewer pick a point (absent: no pinning). */
  onStartPinning?: () => void;
  /** The pin is dropped ("Remove the pin", or the comment holding it was posted). */
  onClearPin?: () => void;
  /** The thread's pins, for the page to hand to the viewer; told whenever they change. */
  onPins?: (pins: ThreadPin[]) => void;
  /** The thread's count, once loaded and after each change. */
  onCount?: (count: number) => void;
  /**
   * Bumped by the page when its files change (an upload, an approval): the thread is read again by
   * its machine, the draft kept (a remount would lose it).
   */
  version?: number;
}

/** A comment thread: the comments, oldest first, and the form for a new one (issue 33, part 3). */
export function CommentThread({
  source,
  pin = null,
  onStartPinning,
  onClearPin,
  onPins,
  onCount,
  version = 0,
}: CommentThreadProps) {
  const app = useLoadedApp();
  // The page's viewer draws the pins; the pin of a comment just posted is the page's no more. Told
  // by the thread's actor when the comments change only: a page that passes new callbacks each
  // render is not told again.
  const callbacks = useRef({ onPins, onCount, onClearPin });
  callbacks.current = { onPins, onCount, onClearPin };
  const told = useRef<number | null>(null);
  const actor = useFlowActor(() =>
    createCommentThread(source, app.actorOptions, (comments) => {
      const numbers = pinNumbers(comments);
      callbacks.current.onPins?.(
        comments.flatMap((c) =>
          c.pin ? [{ id: c.id, ...c.pin, label: String(numbers.get(c.id) ?? '') }] : [],
        ),
      );
      callbacks.current.onCount?.(comments.length);
      if (told.current !== null && comments.length > told.current) callbacks.current.onClearPin?.();
      told.current = comments.length;
    }),
  );
  const state = useSelector(actor, (s) => s.value);
  const context = useSelector(actor, (s) => s.context);
  const userId = useUserData()?.uuid ?? null;
  const comments = context.thread?.comments ?? null;

  const readVersion = useRef(version);
  useEffect(() => {
    if (readVersion.current === version) return;
    readVersion.current = version;
    actor.send({ type: 'thread.reload' });
  }, [actor, version]);

  const deleting = context.deleting;
  return (
    <div className="grid gap-4" aria-busy={state === 'loading'}>
      {state === 'loading' ? <p className="text-sm text-ink-muted">Loading the comments…</p> : null}
      {state === 'failed' ? (
        <div role="alert" className="grid justify-items-start gap-2">
          <p className="text-sm font-semibold text-coral-700">{context.loadError}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'thread.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {comments && context.thread ? (
        <>
          <CommentList
            comments={comments}
            now={new Date()}
            userId={userId}
            showFile={'order' in source}
            busy={
              typeof state === 'object' &&
              'ready' in state &&
              state.ready !== 'idle' &&
              state.ready !== 'reloading'
            }
            onDelete={(id) => actor.send({ type: 'comment.delete', id })}
          />
          {context.deleteError ? (
            <p role="alert" className="text-sm font-semibold text-coral-700">
              {context.deleteError}
            </p>
          ) : null}
          {'order' in source && context.thread.files.length === 0 ? (
            <p className="text-sm text-ink-muted">
              Comments can be written once a file is sent for this order.
            </p>
          ) : (
            <CommentForm
              draft={context.draft}
              people={context.thread.people.filter((p) => p.id !== userId)}
              files={context.thread.files}
              pin={pin}
              posting={typeof state === 'object' && 'ready' in state && state.ready === 'posting'}
              error={context.postError}
              fieldErrors={context.fieldErrors}
              onStartPinning={onStartPinning}
              onClearPin={onClearPin}
              onEdit={(body) => actor.send({ type: 'draft.edit', body })}
              onMention={(person) => actor.send({ type: 'draft.mention', person })}
              onUnmention={(id) => actor.send({ type: 'draft.unmention', id })}
              onChooseFile={(fileId) => actor.send({ type: 'draft.file', fileId })}
              onPost={() => actor.send({ type: 'comment.post', pin })}
            />
          )}
        </>
      ) : null}
      <ConfirmDialog
        open={typeof state === 'object' && 'ready' in state && state.ready === 'confirmingDelete'}
        title="Delete your comment?"
        confirmLabel="Delete it"
        dismissLabel="Keep it"
        onConfirm={() => actor.send({ type: 'comment.deleteConfirmed' })}
        onDismiss={() => actor.send({ type: 'comment.deleteDismissed' })}
      >
        {comments?.find((c) => c.id === deleting)?.body.slice(0, 140) ?? 'The comment'} will be gone for
        everyone.
      </ConfirmDialog>
    </div>
  );
}
