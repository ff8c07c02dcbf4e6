import { ArrowRight, Search } from 'lucide-react';
import { useDeferredValue } from 'react';
import type { SpecSheet } from '../../../contract/content';
import { specSheetMatches, specsPage } from '../../../contract/contentPages';
import { config } from '../../config';
import { CHANNEL_LOOKS } from '../../lib/channels';
import { useTypedSearch } from '../../system/hooks/typedSearch';
import { Button } from '../../ui/Button';
import { ChannelIcon } from '../../ui/ChannelIcon';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { ContentHero } from './ContentHero';
import { groupByMediaLabel } from './specGroups';

const { title: SPECS_TITLE, intro: SPECS_INTRO } = specsPage(config.productName);

export { SPECS_TITLE };

const groupId = (label: string) => `specs-${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;

/**
 * /specs: every spec sheet, grouped by media type. The search filters the sheets already loaded as
 * the visitor types (no request, so nothing typed is ever lost to a slow or failed one), and keeps
 * its words in the URL (`?q=bleed`) so a search can be shared and survives a reload.
 */
export function SpecsIndexPage({
  sheets,
  query,
  onQueryChange,
}: {
  sheets: SpecSheet[];
  query: string;
  onQueryChange: (query: string) => void;
}) {
  // The box keeps what is typed; the address takes the words a pause after typing (so history is
  // not one entry per key), and a change of address that is not the box's own (back, a link)
  // replaces them: the orders queue's box, with the address's words trimmed.
  const box = useTypedSearch(query, onQueryChange, { trim: true });
  const text = box.typed;

  // Typing stays responsive: the list follows a moment behind on a slow device.
  const words = useDeferredValue(text.trim());
  const shown = words ? sheets.filter((sheet) => specSheetMatches(sheet, words)) : sheets;
  const groups = groupByMediaLabel(shown);
  const count = `${shown.length} spec ${shown.length === 1 ? 'sheet' : 'sheets'}`;

  return (
    <div className="mx-auto flex max-w-page flex-col gap-8 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title={SPECS_TITLE} description={SPECS_INTRO} />
      <ContentHero eyebrow="Resources" title={SPECS_TITLE} intro={SPECS_INTRO}>
        <search className="mt-3">
          <form
            className="relative max-w-xl"
            onSubmit={(event) => {
              event.preventDefault();
              box.submit();
            }}
          >
            <label htmlFor="specs-search" className="sr-only">
              Search the specs
            </label>
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-ink-muted"
            />
            <input
              id="specs-search"
              type="search"
              value={text}
              onChange={(event) => box.type(event.target.value)}
              placeholder="Try “bleed” or “postcard”"
              maxLength={100}
              autoComplete="off"
              className="h-13 w-full rounded-2xl border-2 border-transparent bg-white pr-4 pl-12 text-base text-ink placeholder:text-ink-muted focus:border-sunshine focus:outline-none"
            />
          </form>
        </search>
      </ContentHero>

      <p role="status" className="text-ink-soft">
        {words ? `${count} ${shown.length === 1 ? 'matches' : 'match'} “${words}”` : count}
      </p>

      {groups.length === 0 ? (
        <div className="flex flex-col items-start gap-4 rounded-3xl border border-dashed border-primary-200 bg-white p-8">
          <h2 className="font-display text-2xl font-bold text-primary-900">
            No spec sheet mentions “{words}”
          </h2>
          <p className="text-ink-soft">
            Check the spelling, or search for a size, a file type or a kind of placement.
          </p>
          <Button
            variant="secondary"
            onClick={() => {
              box.type('');
              box.submit();
            }}
          >
            Show all spec sheets
          </Button>
        </div>
      ) : (
        <>
          {groups.length > 1 ? (
            <nav aria-label="Media types" className="-mx-4 -mt-4 tb:-mx-6 lg:hidden">
              {/* One row that scrolls sideways on a phone, rather than five rows of chips. */}
              <ul className="flex gap-2 overflow-x-auto px-4 pb-1 tb:flex-wrap tb:px-6">
                {groups.map((group) => (
                  <li key={group.label} className="shrink-0">
                    <a
                      href={`#${groupId(group.label)}`}
                      className="inline-flex h-9 items-center gap-1.5 rounded-full border border-primary-100 bg-white px-3 text-sm font-semibold text-ink-soft hover:border-primary-300 hover:text-primary-800"
                    >
                      <span className={`look-text ${CHANNEL_LOOKS[group.channel].className}`}>
                        <ChannelIcon channel={group.channel} className="size-4" />
                      </span>
                      {group.label}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          <div className="grid items-start gap-5 tb:grid-cols-2 lg:grid-cols-3">
            {groups.map((group) => (
              <section
                key={group.label}
                id={groupId(group.label)}
                aria-labelledby={`${groupId(group.label)}-heading`}
                className="flex scroll-mt-24 flex-col gap-3 rounded-3xl border border-primary-100 bg-white p-5 shadow-sm"
              >
                <h2
                  id={`${groupId(group.label)}-heading`}
                  className="flex items-center gap-2 font-display text-xl font-bold text-primary-900"
                >
                  <span
                    className={`inline-flex size-9 items-center justify-center rounded-xl text-white look-bg ${CHANNEL_LOOKS[group.channel].className}`}
                  >
                    <ChannelIcon channel={group.channel} className="size-5" />
                  </span>
                  {group.label}
                </h2>
                <ul className="flex flex-col gap-1">
                  {group.sheets.map((sheet) => (
                    <li key={sheet.slug}>
                      <SiteLink
                        href={`/specs/${sheet.slug}`}
                        className="group flex flex-col gap-1 rounded-2xl p-3 transition-colors hover:bg-primary-50"
                      >
                        <h3
                          id={`spec-card-${sheet.slug}`}
                          className="flex items-center justify-between gap-2 font-bold text-ink group-hover:text-primary-800"
                        >
                          {sheet.title}
                          <ArrowRight
                            aria-hidden="true"
                            className="size-4 shrink-0 text-primary-400 transition-transform group-hover:translate-x-0.5"
                          />
                        </h3>
                        <p className="text-sm text-ink-soft">{sheet.summary}</p>
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </div>
  );
}
