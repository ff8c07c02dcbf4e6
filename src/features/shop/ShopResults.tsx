import { useRouter } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, RotateCw, SearchX, TriangleAlert } from 'lucide-react';
import type { MediaSearchPage } from '../../api/media';
import { formatCount } from '../../lib/currency';
import { Button } from '../../ui/Button';
import { MediaCard, MediaCardSkeleton } from './MediaCard';
import type { ShopUrlSearch } from './shopSearch';

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const grid = 'grid gap-5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4';

export function ShopResultsLoading() {
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="h-6 text-ink-muted">
        Finding placements…
      </p>
      <div className={grid}>
        {SKELETON_KEYS.map((key) => (
          <MediaCardSkeleton key={key} />
        ))}
      </div>
    </div>
  );
}

export interface ShopResultsProps {
  page: MediaSearchPage | undefined;
  search: ShopUrlSearch;
  onChange: (next: ShopUrlSearch) => void;
}

/** The listing: a count, the cards, paging; or an empty state or an error a person can act on. */
export function ShopResults({ page, search, onChange }: ShopResultsProps) {
  const router = useRouter();

  if (!page) {
    return (
      <div
        role="alert"
        className="flex flex-col items-center gap-3 rounded-2xl border border-coral-100 bg-white p-10 text-center"
      >
        <TriangleAlert aria-hidden="true" className="size-10 text-coral" />
        <h2 className="text-xl font-bold text-ink">We couldn’t load placements</h2>
        <p className="max-w-md text-ink-soft">
          The catalogue didn’t answer. Check your connection and try again; your filters are kept.
        </p>
        <Button onClick={() => void router.invalidate()}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  }

  const where = page.markets.length ? page.markets.map((m) => m.name).join(' and ') : null;

  if (page.items.length === 0) {
    const filtered = search.lifestyle || search.q || search.type || search.zip;
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-primary-100 bg-white p-10 text-center">
        <SearchX aria-hidden="true" className="size-10 text-primary" />
        <h2 className="text-xl font-bold text-ink">No placements match</h2>
        <p role="status" className="max-w-md text-ink-soft">
          {page.message ||
            (where
              ? `Nothing in the ${where} market fits these filters yet.`
              : 'Nothing in the catalogue fits these filters yet.')}{' '}
          Try another lifestyle, a nearby zip code, or fewer words.
        </p>
        {filtered ? (
          <Button variant="secondary" onClick={() => onChange({})}>
            Clear filters
          </Button>
        ) : null}
      </div>
    );
  }

  const first = (page.page - 1) * page.perPage + 1;
  const last = first + page.items.length - 1;
  const goTo = (n: number) => {
    onChange({ ...search, page: n > 1 ? n : undefined });
    document.getElementById('results')?.scrollIntoView({ block: 'start' });
  };

  return (
    <div className="flex flex-col gap-4">
      <p role="status" className="text-ink-soft">
        <span className="font-bold text-ink">{formatCount(page.total)}</span> placement
        {page.total === 1 ? '' : 's'}
        {where ? (
          <>
            {' '}
            in the <span className="font-bold text-ink">{where}</span> market
            {page.markets.length > 1 ? 's' : ''}
            {page.items.some((m) => m.prodcode === null) ? ' and nationwide' : ''}
          </>
        ) : (
          ' across every market'
        )}
        <span className="text-ink-muted">
          {' '}
          · showing {formatCount(first)}–{formatCount(last)}
        </span>
      </p>
      {page.message ? <p className="text-sm font-semibold text-coral-700">{page.message}</p> : null}
      <ul className={grid}>
        {page.items.map((media) => (
          <li key={media.mediacode} className="flex">
            <MediaCard media={media} />
          </li>
        ))}
      </ul>
      {page.pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-center gap-3 pt-4">
          <Button variant="secondary" disabled={page.page <= 1} onClick={() => goTo(page.page - 1)}>
            <ChevronLeft aria-hidden="true" className="size-4" />
            Previous
          </Button>
          <span className="text-sm font-semibold text-ink-soft">
            Page {formatCount(page.page)} of {formatCount(page.pages)}
          </span>
          <Button variant="secondary" disabled={page.page >= page.pages} onClick={() => goTo(page.page + 1)}>
            Next
            <ChevronRight aria-hidden="true" className="size-4" />
          </Button>
        </nav>
      ) : null}
    </div>
  );
}
