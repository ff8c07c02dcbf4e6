import { Spinner } from '../../ui/Spinner';

/** Shown while a content page's data is on its way (after the router's pending delay). */
export function ContentPending() {
  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10" aria-busy="true">
      <div className="h-44 animate-pulse rounded-3xl bg-primary-100/70" />
      <div className="flex items-center gap-3 text-ink-soft">
        <Spinner label="Loading the page" />
        <span aria-hidden="true">Loading…</span>
      </div>
      <div className="grid gap-4 tb:grid-cols-2 md:grid-cols-3">
        {['a', 'b', 'c'].map((key) => (
          <div key={key} className="h-40 animate-pulse rounded-2xl bg-white shadow-sm" />
        ))}
      </div>
    </div>
  );
}
