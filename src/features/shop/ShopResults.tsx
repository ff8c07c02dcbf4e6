import { useRouter } from '@tanstack/react-router';
import { ChevronLeft, ChevronRight, RotateCw, SearchX, TriangleAlert } from 'lucide-react';
import { useEffect } from 'react';
import { formatCount } from '../../../contract/money';
import type { MediaSearchPage } from '../../api/media';
import type { ShopUrlSearch } from '../../lib/shopSearch';
import { Button } from '../../ui/Button';
import { MediaCard, MediaCardSkeleton } from './MediaCard';

const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
const grid = 'grid gap-5 sm:grid-cols-2 md:grid-cols-3 xl:grid-cols-4';
/** The cards of the widest grid's first row: on screen as the page opens, so never loaded lazily. */
const FIRST_ROW = 4;
/**
 * The cards after the first row are laid out and painted only when they come near the screen: 24
 * cards' style and layout were ~40 ms of a phone's first load. The remembered size (`auto`) keeps
 * the scroll position steady once a card has been drawn; 26rem is a card's height on a phone. Its
 * width is left to the grid (none): a width there would widen a phone's one column past the screen.
 */
const offScreenCard = 'flex [content-visibility:auto] [contain-intrinsic-size:none_auto_26rem]';

/** Tells the page's live region what the results area now shows. */
function useAnnounce(announce: (text: string) => void, text: string) {
  useEffect(() => announce(text), [announce, text]);
}

export function ShopResultsLoading({ announce }: { announce: (text: string) => void }) {
  useAnnounce(announce, 'Finding placements…');
  return (
    <div className="flex flex-col gap-4">
      <p aria-hidden="true" className="h-6 text-ink-muted">
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
  /** Puts a short summary in the page's (always mounted) live region. */
  announce: (text: string) => void;
}

/** One sentence about what the results area shows, for the summary line and screen readers. */
function summarise(page: MediaSearchPage | undefined): string {
  if (!page) return 'We couldn’t load placements.';
  if (page.items.length === 0)
    return page.total > 0 ? 'This page is past the last one.' : 'No placements match.';
  const where = page.markets.map((m) => m.name).join(' and ');
  const noun = `${formatCount(page.total)} placement${page.total === 1 ? '' : 's'}`;
  if (!where) return `${noun} across every market`;
  const national = page.items.some((m) => m.prodcode === null) ? ' and nationwide' : '';
  return `${noun} in the ${where} market${page.markets.length > 1 ? 's' : ''}${national}`;
}

/** The listing: a count, the cards, paging; or an empty state or an error a person can act on. */
export function ShopResults({ page, search, onChange, announce }: ShopResultsProps) {
  const router = useRouter();
  const summary = summarise(page);
  useAnnounce(announce, summary);

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

  if (page.items.length === 0 && page.total > 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-primary-100 bg-white p-10 text-center">
        <SearchX aria-hidden="true" className="size-10 text-primary" />
        <h2 className="text-xl font-bold text-ink">This page is past the last one</h2>
        <p className="max-w-md text-ink-soft">
          There are {formatCount(page.total)} placements for these filters, on {formatCount(page.pages)} page
          {page.pages === 1 ? '' : 's'}.
        </p>
        <Button variant="secondary" onClick={() => onChange({ ...search, page: undefined })}>
          Go to the first page
        </Button>
      </div>
    );
  }

  if (page.items.length === 0) {
    const filtered = search.lifestyle || search.q || search.type || search.zip;
    return (
      <div className="flex flex-col items-center gap-3 rounded-2xl border border-primary-100 bg-white p-10 text-center">
        <SearchX aria-hidden="true" className="size-10 text-primary" />
        <h2 className="text-xl font-bold text-ink">No placements match</h2>
        <p className="max-w-md text-ink-soft">
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
      <p className="text-ink-soft">
        <span className="font-bold text-ink">{summary}</span>
        <span className="text-ink-muted">
          {' '}
          · showing {formatCount(first)}–{formatCount(last)}
        </span>
      </p>
      {page.message ? <p className="text-sm font-semibold text-coral-700">{page.message}</p> : null}
      <ul className={grid}>
        {page.items.map((media, index) => (
          <li key={media.mediacode} className={index < FIRST_ROW ? 'flex' : offScreenCard}>
            <MediaCard media={media} firstRow={index < FIRST_ROW} first={index === 0} />
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
