import { Search } from 'lucide-react';
import { type RefObject, useRef, useState } from 'react';
import { config } from '../../config';
import { useAppHandle } from '../../system/AppContext';
import { useSearchQuery, useSendToSearch } from '../../system/hooks/search';
import { loadSearchCode } from './loadSearchCode';
import { INLINE_FIELD } from './searchStyles';

const loadCombobox = () => import('./SearchCombobox');
type LoadedCombobox = Awaited<ReturnType<typeof loadCombobox>>['SearchCombobox'];

const LABEL = `Search ${config.productName}`;

/**
 * A plain field that stands in for the search combobox until search is first used: typing into it
 * already goes to the search machine, so nothing is lost while the combobox and the search code load.
 * It shows its own text until then: the machine may not have loaded yet either.
 */
function FieldStandIn({
  onActivate,
  field,
}: {
  onActivate: () => void;
  field: RefObject<HTMLInputElement | null>;
}) {
  const query = useSearchQuery();
  const sendToSearch = useSendToSearch();
  const [draft, setDraft] = useState<string | null>(null);
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary"
      />
      <input
        ref={field}
        type="search"
        aria-label={LABEL}
        placeholder="Search"
        autoComplete="off"
        value={draft ?? query}
        onFocus={onActivate}
        onChange={(event) => {
          setDraft(event.target.value);
          sendToSearch({ type: 'search.typed', query: event.target.value });
        }}
        className={INLINE_FIELD}
      />
    </div>
  );
}

/** The inline search of wide screens: hits drop down from the header's search field. */
export function HeaderSearch() {
  // The stand-in keeps the focus (and takes the typing) until the combobox has loaded; then one render
  // swaps them, and the combobox takes the focus only if the stand-in still had it (someone who
  // tabbed on meanwhile keeps their place), so no keystroke falls between the two.
  const [loaded, setLoaded] = useState<{ SearchCombobox: LoadedCombobox; focus: boolean } | null>(null);
  const field = useRef<HTMLInputElement>(null);
  const app = useAppHandle();
  const activate = () => {
    void loadSearchCode();
    // The combobox shows the machine's text, so it takes over only once the machines are there too.
    void Promise.all([loadCombobox(), app.ready]).then(([module]) =>
      setLoaded({
        SearchCombobox: module.SearchCombobox,
        focus: field.current !== null && document.activeElement === field.current,
      }),
    );
  };
  return (
    <div className="relative hidden w-60 xl:block xxl:w-80">
      {loaded ? (
        <loaded.SearchCombobox variant="inline" label={LABEL} autoFocus={loaded.focus} />
      ) : (
        <FieldStandIn onActivate={activate} field={field} />
      )}
    </div>
  );
}
