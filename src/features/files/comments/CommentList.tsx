import { formatDistance } from 'date-fns';
import type { FileComment } from '../../../../contract/adFiles';
import { Button } from '../../../ui/Button';

/** Each pinned comment's number, in the thread's order: the label its pin carries on the proof. */
export function pinNumbers(comments: readonly FileComment[]): Map<string, number> {
  const numbers = new Map<string, number>();
  for (const comment of comments) if (comment.pin) numbers.set(comment.id, numbers.size + 1);
  return numbers;
}

/** The thread's comments, oldest first: who, when in words, what, where pinned; delete on one's own. */
export function CommentList({
  comments,
  now,
  userId,
  showFile,
  busy,
  onDelete,
}: {
  comments: readonly FileComment[];
  now: Date;
  /** The signed-in person: their comments offer "Delete". */
  userId: string | null;
  /** On the order page each comment names the file it is on. */
  showFile: boolean;
  busy: boolean;
  onDelete(id: string): void;
}) {
  if (comments.length === 0) return <p className="text-sm text-ink-muted">No comments yet.</p>;
  const pins = pinNumbers(comments);
  return (
    <ol className="grid gap-3">
      {comments.map((comment) => {
        const author = comment.author?.name ?? 'A former member';
        const pin = pins.get(comment.id);
        return (
          <li key={comment.id} className="rounded-2xl bg-primary-50 p-3">
            <article aria-label={`Comment by ${author}`}>
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-ink">{author}</span>
                <time dateTime={comment.created_at} className="text-ink-muted">
                  {formatDistance(new Date(comment.created_at), now, { addSuffix: true })}
                </time>
                {showFile ? <span className="text-ink-soft">on {comment.file.name}</span> : null}
              </p>
              {comment.pin && pin !== undefined ? (
                <p className="mt-1 text-xs font-semibold text-primary-700">
                  Pin {pin}: pinned on page {comment.pin.page}
                </p>
              ) : null}
              <p className="mt-1 whitespace-pre-wrap break-words text-ink">{comment.body}</p>
              {comment.mentions.length > 0 ? (
                <p className="mt-1 text-xs text-ink-soft">
                  Mentions {comment.mentions.map((p) => p.name).join(', ')}
                </p>
              ) : null}
              {userId !== null && comment.author?.id === userId ? (
                <Button variant="ghost" className="mt-1" disabled={busy} onClick={() => onDelete(comment.id)}>
                  Delete<span className="sr-only"> your comment</span>
                </Button>
              ) : null}
            </article>
          </li>
        );
      })}
    </ol>
  );
}
