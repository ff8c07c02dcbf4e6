import { ArrowRight, CalendarClock, Palette, ShoppingBag } from 'lucide-react';
import type { SpecSheet } from '../../../contract/content';
import { designHelpPath } from '../../../contract/contentPages';
import { config } from '../../config';
import { CHANNEL_LOOKS } from '../../lib/channels';
import { formatDay } from '../../lib/dates';
import { Breadcrumb } from '../../ui/Breadcrumb';
import { ButtonLink } from '../../ui/Button';
import { ChannelIcon } from '../../ui/ChannelIcon';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { RichText } from './RichText';
import { SPECS_TITLE } from './SpecsIndexPage';
import { shopLinkLabel } from './shopLinks';
import { SPEC_GROUP_LABELS } from './specGroups';

/** /specs/{slug}: what to deliver for one kind of placement, by when, and where to buy it. */
export function SpecSheetPage({ sheet }: { sheet: SpecSheet }) {
  const look = CHANNEL_LOOKS[sheet.mediaType];
  const designPath = designHelpPath(config.productName);
  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title={sheet.title} description={sheet.summary} />
      <Breadcrumb trail={[{ label: SPECS_TITLE, href: '/specs' }]} current={sheet.title} />

      <header className="flex flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm tb:p-10">
        <p className="inline-flex items-center gap-2 self-start rounded-full bg-primary-50 px-3 py-1 text-sm font-bold text-ink-soft">
          <span className={`look-text ${look.className}`}>
            <ChannelIcon channel={sheet.mediaType} className="size-4" />
          </span>
          {SPEC_GROUP_LABELS[sheet.mediaType]}
        </p>
        <h1 className="font-display text-4xl leading-tight font-bold text-primary-900 tb:text-5xl">
          {sheet.title}
        </h1>
        <p className="max-w-3xl text-lg text-ink-soft">{sheet.summary}</p>
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-center">
          <ButtonLink href={sheet.shopPath} size="lg">
            <ShoppingBag aria-hidden="true" className="size-5" />
            {shopLinkLabel(sheet.shopPath)}
          </ButtonLink>
          {sheet.mediaType === 'custom' ? null : (
            <ButtonLink href={designPath} size="lg" variant="secondary">
              <Palette aria-hidden="true" className="size-5" />
              Have us design it
            </ButtonLink>
          )}
        </div>
        <p className="text-sm text-ink-muted">Updated {formatDay(sheet.updatedAt)}</p>
      </header>

      <div className="grid items-start gap-6 md:grid-cols-[1fr_minmax(320px,400px)]">
        <div className="flex min-w-0 flex-col gap-6 md:order-2">
          <section
            aria-labelledby="specs-at-a-glance"
            className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
          >
            <h2 id="specs-at-a-glance" className="font-display text-xl font-bold text-primary-900">
              Specs at a glance
            </h2>
            <dl className="mt-4 flex flex-col divide-y divide-primary-100">
              {sheet.specs.map((item) => (
                <div key={item.label} className="grid gap-1 py-2.5 sm:grid-cols-[9rem_1fr] md:grid-cols-1">
                  <dt className="text-xs font-bold tracking-wide text-ink-muted uppercase">{item.label}</dt>
                  <dd className="text-sm text-ink">{item.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <section
            aria-labelledby="specs-deadlines"
            className="rounded-3xl border border-sunshine-300 bg-cream p-6"
          >
            <h2
              id="specs-deadlines"
              className="flex items-center gap-2 font-display text-xl font-bold text-primary-900"
            >
              <CalendarClock aria-hidden="true" className="size-5 text-coral-600" />
              Deadlines
            </h2>
            <ul className="mt-4 flex flex-col gap-3">
              {sheet.deadlines.map((deadline) => (
                <li key={deadline.label}>
                  <p className="text-sm font-bold text-ink">{deadline.label}</p>
                  <p className="text-sm text-ink-soft">{deadline.rule}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <article className="flex min-w-0 flex-col gap-8 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm tb:p-10 md:order-1">
          {sheet.sections.map((section) => (
            <section key={section.heading} className="flex flex-col gap-3 text-ink-soft">
              <h2 className="font-display text-2xl font-bold text-primary-900">{section.heading}</h2>
              <RichText body={section.body} />
            </section>
          ))}
          <p className="border-t border-primary-100 pt-6 text-ink-soft">
            Ready to book?{' '}
            <SiteLink
              href={sheet.shopPath}
              className="inline-flex items-center gap-1 font-semibold text-primary-700 underline"
            >
              {shopLinkLabel(sheet.shopPath)}
              <ArrowRight aria-hidden="true" className="size-4" />
            </SiteLink>
          </p>
        </article>
      </div>
    </div>
  );
}
