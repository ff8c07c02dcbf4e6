import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import { useNavigate } from '@tanstack/react-router';
import { ChevronDown, SlidersHorizontal } from 'lucide-react';
import type { FilesList } from '../../../contract/adFiles';
import { SelectMenu } from '../../ui/SelectMenu';
import { filesHref, isFiltered } from './filesHref';
import type { FilesSearch } from './filesSearch';

type Choices = NonNullable<FilesList['filters']>;

/** The value a select shows for "no filter": never a placement name, slug or id. */
const ANY = '';

/** A chosen value no choice offers any more (a file deleted since the link was made) stays listed. */
const withCurrent = (options: { value: string; label: string }[], current: string | undefined) =>
  current && !options.some((option) => option.value === current)
    ? [...options, { value: current, label: current }]
    : options;

/**
 * The library's filters (issue 33): placement, spec sheet and who sent the file, kept in the address
 * so a link or a reload shows the same files; how many files show, and a way back to all of them. On
 * a phone the selects fold under a "Filters" button.
 */
export function LibraryFilters({
  search,
  choices,
  shown,
}: {
  search: FilesSearch;
  choices: Choices;
  shown: number | null;
}) {
  const navigate = useNavigate();
  const go = (next: FilesSearch) => void navigate({ href: filesHref(next) });
  const set = (key: 'placement' | 'sheet' | 'person') => (value: string) =>
    go({ ...search, [key]: value === ANY ? undefined : value, run: undefined });
  const active = [search.placement, search.sheet, search.person].filter(Boolean).length;
  const selects = (
    <div className="grid gap-3 sm:grid-cols-3">
      <SelectMenu
        label="Placement"
        value={search.placement ?? ANY}
        onChange={set('placement')}
        options={withCurrent(
          [
            { value: ANY, label: 'Any placement' },
            ...choices.placements.map((name) => ({ value: name, label: name })),
          ],
          search.placement,
        )}
      />
      <SelectMenu
        label="Spec sheet"
        value={search.sheet ?? ANY}
        onChange={set('sheet')}
        options={withCurrent(
          [
            { value: ANY, label: 'Any sheet' },
            ...choices.sheets.map((sheet) => ({ value: sheet.slug, label: sheet.title })),
          ],
          search.sheet,
        )}
      />
      <SelectMenu
        label="Sent by"
        value={search.person ?? ANY}
        onChange={set('person')}
        options={withCurrent(
          [
            { value: ANY, label: 'Anyone' },
            ...choices.people.map((person) => ({ value: person.id, label: person.name })),
          ],
          search.person,
        )}
      />
    </div>
  );
  return (
    <div className="grid gap-3 rounded-2xl bg-cream p-4">
      <Disclosure>
        {({ open }) => (
          <>
            <DisclosureButton className="inline-flex items-center gap-2 self-start font-semibold text-primary-700 tb:hidden">
              <SlidersHorizontal aria-hidden="true" className="size-4" />
              Filters{active > 0 ? ` (${active})` : ''}
              <ChevronDown
                aria-hidden="true"
                className="size-4 transition-transform in-data-open:rotate-180"
              />
            </DisclosureButton>
            {/* Always there from a tablet up; on a phone only once opened. */}
            <DisclosurePanel static className={open ? 'block' : 'hidden tb:block'}>
              {selects}
            </DisclosurePanel>
          </>
        )}
      </Disclosure>
      <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p aria-live="polite" className="text-ink-soft">
          {shown === null ? '' : shown === 1 ? '1 file shown' : `${shown} files shown`}
        </p>
        {isFiltered(search) ? (
          <button type="button" className="font-semibold text-primary-700 underline" onClick={() => go({})}>
            Clear filters
          </button>
        ) : null}
      </div>
    </div>
  );
}
