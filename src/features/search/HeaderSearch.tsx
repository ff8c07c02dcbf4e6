import { Search } from 'lucide-react';
import { useState } from 'react';
import { config } from '../../config';
import { sendToSearch } from '../session/sessionLoader';
import { loadSearchCode } from './loadSearchCode';
import { INLINE_FIELD } from './searchStyles';
import { useSearchQuery } from './useSearch';

const loadCombobox = () => import('./SearchCombobox');
type LoadedCombobox = Awaited<ReturnType<typeof loadCombobox>>['SearchCombobox'];

const LABEL = `Search ${config.productName}`;

/**
 * A plain field that stands in for the search combobox until search is first used: typing into it
 * already goes to the search machine, so nothing is lost while the combobox and the search code load.
 */
function FieldStandIn({ onActivate }: { onActivate: () => void }) {
  const query = useSearchQuery();
  return (
    <div className="relative">
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-primary"
      />
      <input
        type="search"
        aria-label={LABEL}
        placeholder="Search"
        autoComplete="off"
        value={query}
        onFocus={onActivate}
        onPointerEnter={() => {
          void loadCombobox();
          void loadSearchCode();
        }}
        onChange={(event) => sendToSearch({ type: 'search.typed', query: event.target.value })}
        className={INLINE_FIELD}
      />
    </div>
  );
}

/** The inline search of wide screens: hits drop down from the header's search field. */
export function HeaderSearch() {
  // The stand-in keeps the focus (and takes the typing) until the combobox has loaded; then one render
  // swaps them and the combobox takes the focus, so no keystroke falls between the two.
  const [SearchCombobox, setSearchCombobox] = useState<LoadedCombobox | null>(null);
  const activate = () => {
    void loadSearchCode();
    void loadCombobox().then((module) => setSearchCombobox(() => module.SearchCombobox));
  };
  return (
    <div className="relative hidden w-60 xl:block xxl:w-80">
      {SearchCombobox ? (
        <SearchCombobox variant="inline" label={LABEL} autoFocus />
      ) : (
        <FieldStandIn onActivate={activate} />
      )}
    </div>
  );
}
