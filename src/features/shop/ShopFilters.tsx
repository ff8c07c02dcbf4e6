import { Search, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { LIFESTYLES, MEDIA_TYPES } from '../../../contract/mediaTypes';
import { mediaLabel } from '../../lib/channels';
import type { ShopUrlSearch } from '../../lib/shopSearch';
import { SelectMenu } from '../../ui/SelectMenu';
import { ZipOrMarketPicker } from '../location/ZipOrMarketPicker';

const TYPE_OPTIONS = [
  { value: 'all', label: 'Show all' },
  ...MEDIA_TYPES.map((type) => ({
    value: type,
    label: type === 'digital' ? 'Online' : mediaLabel(type),
  })),
] as const;

export interface ShopFiltersProps {
  search: ShopUrlSearch;
  /** Whether the page lets the visitor choose the media type (only /shop does). */
  chooseType: boolean;
  onChange: (next: ShopUrlSearch) => void;
}

/** Where, who and what: the shop's location, lifestyle, media type and name filters. */
export function ShopFilters({ search, chooseType, onChange }: ShopFiltersProps) {
  const [text, setText] = useState(search.q ?? '');
  // Keep what the visitor typed when the URL changes for another reason, but follow links that set q.
  const [seenQ, setSeenQ] = useState(search.q);
  if (seenQ !== search.q) {
    setSeenQ(search.q);
    setText(search.q ?? '');
  }

  const change = (patch: Partial<ShopUrlSearch>) => onChange({ ...search, ...patch, page: undefined });
  const submitText = (event: FormEvent) => {
    event.preventDefault();
    change({ q: text.trim() || undefined });
  };

  return (
    <section
      aria-label="Filters"
      className="flex flex-col gap-4 rounded-2xl border border-primary-100 bg-white/80 p-4 shadow-sm backdrop-blur tb:p-5"
    >
      <div className="flex flex-col gap-1">
        <div className="flex flex-col gap-2 tb:flex-row tb:items-end">
          <ZipOrMarketPicker
            size="md"
            labelVisible
            submitLabel="Show"
            value={search.zip ? { zip: search.zip, label: `Zip code ${search.zip}` } : null}
            onPick={(place) => change({ zip: place.zip })}
          />
          {search.zip ? (
            <button
              type="button"
              onClick={() => change({ zip: undefined })}
              className="inline-flex h-11 shrink-0 items-center gap-1.5 rounded-xl px-3 font-semibold text-primary-700 hover:bg-primary-50"
            >
              <X aria-hidden="true" className="size-4" />
              All markets
            </button>
          ) : null}
        </div>
      </div>
      <div className={`grid gap-3 ${chooseType ? 'tb:grid-cols-3' : 'tb:grid-cols-2'}`}>
        <SelectMenu
          label="Lifestyle"
          value={search.lifestyle ?? 'all'}
          options={LIFESTYLES}
          onChange={(lifestyle) => change({ lifestyle: lifestyle === 'all' ? undefined : lifestyle })}
        />
        {chooseType ? (
          <SelectMenu
            label="Media type"
            value={search.type ?? 'all'}
            options={TYPE_OPTIONS}
            onChange={(type) => change({ type: type === 'all' ? undefined : type })}
          />
        ) : null}
        <search>
          <form onSubmit={submitText} className="flex flex-col gap-1">
            <label htmlFor="shop-text" className="text-xs font-bold tracking-wide text-ink-muted uppercase">
              Name contains
            </label>
            <div className="flex gap-2">
              <input
                id="shop-text"
                type="search"
                value={text}
                onChange={(event) => setText(event.target.value)}
                maxLength={100}
                placeholder="e.g. Business, NBC, airport"
                className="h-11 min-w-0 flex-1 rounded-xl border-2 border-primary-100 bg-white px-3 font-semibold text-ink placeholder:font-medium placeholder:text-ink-muted focus:border-primary"
              />
              <button
                type="submit"
                className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl bg-primary text-white hover:bg-primary-700"
                aria-label="Filter by name"
              >
                <Search aria-hidden="true" className="size-5" />
              </button>
            </div>
          </form>
        </search>
      </div>
    </section>
  );
}
