import { Combobox, ComboboxInput } from '@headlessui/react';
import { Search, X } from 'lucide-react';
import { type FocusEvent, lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import type { ChosenHit } from '../../../machines/searchDrawer/searchDrawer.machine';
import {
  useLocationsOnly,
  useSearchDropdownOpen,
  useSearchQuery,
  useSendToSearch,
} from '../../system/hooks/search';
import { Spinner } from '../../ui/Spinner';
import { loadSearchCode } from './loadSearchCode';
import { INLINE_FIELD } from './searchStyles';

const SearchResults = lazy(loadSearchCode);

const DRAWER_FIELD =
  'h-14 w-full rounded-xl border-2 border-primary-100 bg-white pr-12 pl-12 text-lg font-semibold text-ink shadow-sm outline-none placeholder:font-medium placeholder:text-ink-muted focus:border-primary [&::-webkit-search-cancel-button]:hidden';

/** The hit as the machine takes it: where it leads, not its whole record. */
const chosen = ({ objectID, type, url, zip, text }: ChosenHit): ChosenHit => ({
  objectID,
  type,
  url,
  zip,
  text,
});

/**
 * The search box and its hits, with combobox semantics (Headless UI): arrows move through the hits,
 * Enter opens one, Escape closes the list. The box is the app's own input bound to the search
 * machine, so nothing typed waits for (or is lost to) the search code loading.
 */
export function SearchCombobox({
  variant,
  label,
  placeholder = 'Search',
  autoFocus = false,
  filters,
}: {
  /** In the drawer the hits are listed under the box; inline (the header) they drop down from it. */
  variant: 'drawer' | 'inline';
  label: string;
  placeholder?: string;
  autoFocus?: boolean;
  /** Controls shown between the box and the hits (the drawer's "Places only"). */
  filters?: ReactNode;
}) {
  const compact = variant === 'inline';
  const query = useSearchQuery();
  const locationsOnly = useLocationsOnly();
  const dropdownOpen = useSearchDropdownOpen();
  const sendToSearch = useSendToSearch();
  const choose = (hit: ChosenHit | null) => {
    if (hit) sendToSearch({ type: 'search.hitChosen', hit: chosen(hit) });
  };
  const input = useRef<HTMLInputElement | null>(null);
  // Taking over from the header's stand-in (or reopening the drawer) with text in it: go on typing at
  // its end. Once, as the box is attached (stable: a new callback would move the caret on each render).
  const attachInput = useCallback(
    (field: HTMLInputElement | null) => {
      input.current = field;
      if (autoFocus && field) field.setSelectionRange(field.value.length, field.value.length);
    },
    [autoFocus],
  );
  const hasText = query.trim() !== '';
  const showResults = hasText && (variant === 'drawer' || dropdownOpen);
  // Mounted with the first text and kept while the box lives: clearing the box and typing again must
  // not start InstantSearch over (that cost the next first keystroke a mount and a second search).
  const [resultsMounted, setResultsMounted] = useState(hasText);
  if (hasText && !resultsMounted) setResultsMounted(true);

  // A click or Tab out of the inline search closes its dropdown; the text stays. (Choosing a hit with
  // the mouse keeps the focus in the box: Headless UI options never take it.)
  const container = useRef<HTMLDivElement>(null);
  const onBlur = (event: FocusEvent<HTMLInputElement>) => {
    if (variant === 'inline' && !container.current?.contains(event.relatedTarget as Node | null)) {
      sendToSearch({ type: 'search.dismissed' });
    }
  };

  return (
    <Combobox<ChosenHit | null> value={null} onChange={choose} immediate={false}>
      <div ref={container} className="relative">
        <div className="relative">
          <Search
            aria-hidden="true"
            className={`pointer-events-none absolute top-1/2 -translate-y-1/2 text-primary ${compact ? 'left-3 size-4' : 'left-4 size-5'}`}
          />
          <ComboboxInput
            ref={attachInput}
            aria-label={label}
            autoFocus={autoFocus}
            autoComplete="off"
            spellCheck={false}
            placeholder={placeholder}
            // Headless UI rewrites the input from displayValue on blur: it is always the typed text.
            displayValue={() => query}
            value={query}
            onChange={(event) => sendToSearch({ type: 'search.typed', query: event.target.value })}
            onBlur={onBlur}
            // A click into the box brings back the hits that Escape or a click elsewhere put away.
            onClick={() => {
              if (variant === 'inline' && hasText && !dropdownOpen)
                sendToSearch({ type: 'search.dropdownOpened' });
            }}
            onKeyDown={(event) => {
              if (variant !== 'inline') return;
              // The first Escape closes the hits and keeps the text (a search box would clear itself:
              // that is the second Escape's job).
              if (event.key === 'Escape' && dropdownOpen) {
                event.preventDefault();
                sendToSearch({ type: 'search.dismissed' });
              }
              if ((event.key === 'ArrowDown' || event.key === 'ArrowUp') && !dropdownOpen)
                sendToSearch({ type: 'search.dropdownOpened' });
            }}
            className={compact ? INLINE_FIELD : DRAWER_FIELD}
            type="search"
          />
          {query ? (
            <button
              type="button"
              onClick={() => {
                sendToSearch({ type: 'search.typed', query: '' });
                input.current?.focus();
              }}
              className={`absolute top-1/2 inline-flex -translate-y-1/2 items-center justify-center rounded-lg text-ink-muted hover:bg-primary-50 hover:text-ink ${compact ? 'right-1 size-9' : 'right-2 size-10'}`}
              aria-label="Clear search"
            >
              <X aria-hidden="true" className="size-5" />
            </button>
          ) : null}
        </div>
        {filters ? <div className="mt-3">{filters}</div> : null}
        {resultsMounted ? (
          <div
            hidden={!showResults}
            className={
              variant === 'inline'
                ? 'absolute top-full right-0 z-popover mt-2 w-[min(92vw,460px)] rounded-2xl border border-primary-100 bg-white p-2 shadow-xl shadow-primary-900/10'
                : ''
            }
          >
            <Suspense
              fallback={<Spinner label="Loading search" className={variant === 'drawer' ? 'mt-6' : 'p-3'} />}
            >
              <SearchResults query={query} locationsOnly={locationsOnly} variant={variant} />
            </Suspense>
          </div>
        ) : null}
      </div>
    </Combobox>
  );
}
