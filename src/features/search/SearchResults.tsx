import { ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { memo, useEffect } from 'react';
import {
  Configure,
  Highlight,
  InstantSearch,
  useHits,
  useInstantSearch,
  useSearchBox,
} from 'react-instantsearch';
import { formatCount } from '../../../contract/money';
import { SEARCH_HITS_PER_PAGE, type SearchRecord } from '../../../contract/search';
import { config } from '../../config';
import {
  useSearchFailure,
  useSearchFreshStarts,
  useSearchStalled,
  useSendToSearch,
} from '../../system/hooks/search';
import { HitIcon } from './HitIcon';
import { hitKind } from './hitWords';
import { answeredFilters, createSearchClient } from './searchClient';
import { useVisitorMarketFilters } from './useVisitorMarket';

let client: ReturnType<typeof createSearchClient> | null = null;
const searchClient = () => {
  client ??= createSearchClient();
  return client;
};

export interface SearchResultsProps {
  query: string;
  locationsOnly: boolean;
  /** The drawer lists hits under the box; the inline search shows them in a dropdown. */
  variant: 'drawer' | 'inline';
}

/** Sends the box's text to InstantSearch: the box is the app's own input, so no keystroke waits for this code. */
function QueryBridge({ query }: { query: string }) {
  const { refine } = useSearchBox();
  useEffect(() => refine(query), [query, refine]);
  return null;
}

/** The filter of "Places only", as the search service takes it. */
const PLACES_FILTER = 'type:location';

/** A hit as InstantSearch hands it over: the record with its highlight and position. */
type ResultHit = ReturnType<typeof useHits<SearchRecord>>['items'][number];

/**
 * One hit. Memoised: each keystroke redraws the box's text at once, and the hits of the last answer
 * (the same objects until the next answer) need not be drawn again before the next search leaves.
 */
const HitOption = memo(function HitOption({ hit }: { hit: ResultHit }) {
  const detail =
    hit.type === 'location'
      ? [hitKind(hit), hit.zip && hit.place_kind !== 'zip' ? `shop in ${hit.zip}` : null]
      : [hitKind(hit), hit.partner, hit.state];
  return (
    <ComboboxOption
      value={hit}
      className="group flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2.5 text-ink data-focus:bg-primary-50"
    >
      <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary-50 text-primary-700 group-data-focus:bg-white">
        <HitIcon hit={hit} />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate font-semibold">
          {/* Highlight renders text nodes: markup in the index is shown, never run. */}
          <Highlight
            attribute="text"
            hit={hit}
            classNames={{ highlighted: 'bg-sunshine-100 font-extrabold text-primary-900' }}
          />
        </span>
        <span className="block truncate text-sm text-ink-muted">{detail.filter(Boolean).join(' · ')}</span>
      </span>
    </ComboboxOption>
  );
});

function HitList({ query, locationsOnly, variant }: SearchResultsProps) {
  const { items, results } = useHits<SearchRecord>();
  // catchError: a failed search is this list's to show (Try again), not an uncaught error.
  const { status, error } = useInstantSearch({ catchError: true });
  const stalled = useSearchStalled();
  const failure = useSearchFailure();
  const sendToSearch = useSendToSearch();
  const answered = results?.query ?? '';
  const answeredPlacesOnly = answeredFilters(results?._rawResults?.[0]).includes(PLACES_FILTER);
  const typed = query.trim();

  // InstantSearch says how each search ended; the search machine decides what the list shows.
  const searchFailed = status === 'error' && Boolean(error);
  useEffect(() => {
    if (searchFailed) sendToSearch({ type: 'search.failed' });
    else if (results)
      sendToSearch({
        type: 'search.resultsArrived',
        query: results.query,
        locationsOnly: answeredPlacesOnly,
      });
  }, [searchFailed, results, answeredPlacesOnly, sendToSearch]);

  const failed = failure !== null;
  // The last answer may be for the filter as it was: its count is not this list's.
  const sameFilter = answeredPlacesOnly === locationsOnly;
  const current = typed !== '' && answered.trim() === typed && sameFilter;
  const count = results?.nbHits ?? 0;

  // While the next answer is on its way the last one stays on screen (no flicker between keystrokes),
  // described by the query it answers.
  let message = '';
  if (typed === '') message = '';
  else if (failed)
    message =
      failure === 'stillUnavailable'
        ? 'Search is still unavailable. Try again in a minute, or browse the shop.'
        : 'Search is unavailable right now.';
  else if (stalled && !current) message = 'Searching…';
  else if (answered.trim() === '' || !sameFilter) message = '';
  else if (count === 0)
    message = `Nothing matches “${answered.trim()}”. Check the spelling, or try a city, a zip code or a title.`;
  else message = `${formatCount(count)} result${count === 1 ? '' : 's'} for “${answered.trim()}”`;

  // "Places only" turned on shows the places of the last answer at once, while it searches again.
  const shown = locationsOnly && !answeredPlacesOnly ? items.filter((hit) => hit.type === 'location') : items;
  const hits = typed !== '' && !failed ? shown : [];
  return (
    <div className={variant === 'drawer' ? 'mt-4' : ''}>
      <div className="flex items-center justify-between gap-3 px-1 pb-2">
        <p role="status" className="text-sm font-semibold text-ink-soft">
          {message}
        </p>
        {failed ? (
          <button
            type="button"
            onClick={() => sendToSearch({ type: 'search.retry' })}
            className="rounded-lg px-2 py-1 text-sm font-bold text-primary-700 hover:bg-primary-50"
          >
            Try again
          </button>
        ) : null}
      </div>
      <ComboboxOptions
        static
        // Not modal: the rest of the drawer (the count, the filter) stays usable while the list is open.
        modal={false}
        aria-label="Search results"
        className={`flex flex-col gap-0.5 overflow-y-auto ${variant === 'drawer' ? 'max-h-[60vh]' : 'max-h-[420px]'} empty:hidden`}
      >
        {hits.map((hit) => (
          <HitOption key={hit.objectID} hit={hit} />
        ))}
      </ComboboxOptions>
    </div>
  );
}

/** The results of the site search (InstantSearch on `algoliasearch/lite`), for the drawer or inline. */
export default function SearchResults({ query, locationsOnly, variant }: SearchResultsProps) {
  const visitorMarket = useVisitorMarketFilters();
  // After a failed search InstantSearch goes back to the last answered parameters (the text and the
  // filter of the failed one are lost): the search machine says when the next search starts afresh.
  const freshStarts = useSearchFreshStarts();
  return (
    <InstantSearch
      key={freshStarts}
      searchClient={searchClient()}
      indexName={config.search.indexName}
      // No insights script from a CDN: nothing leaves for third parties unless configured.
      insights={false}
      future={{ preserveSharedStateOnUnmount: true }}
    >
      <Configure
        hitsPerPage={SEARCH_HITS_PER_PAGE}
        facetFilters={locationsOnly ? [PLACES_FILTER] : []}
        optionalFilters={visitorMarket}
      />
      <QueryBridge query={query} />
      <HitList query={query} locationsOnly={locationsOnly} variant={variant} />
    </InstantSearch>
  );
}
