import { CommentThread } from '../files/comments/CommentThread';

/** The order page's thread: the comments on the files serving its runs, each naming its file. */
export function OrderComments({ number, version }: { number: string; version: number }) {
  return (
    <section
      aria-labelledby="order-comments"
      className="grid gap-4 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <h2 id="order-comments" className="text-lg font-bold text-ink">
        Comments on this order’s files
      </h2>
      <CommentThread source={{ order: number }} version={version} />
    </section>
  );
}
