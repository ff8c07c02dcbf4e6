import { useNavigate } from '@tanstack/react-router';
import { type ComponentType, useState } from 'react';
import { REPORT_DEFAULT_MONTHS, REPORT_MAX_MONTHS } from '../../../../contract/adminReports';
import type { ReportsSearch } from '../../../api/admin/reports';
import { adminHref } from '../../../lib/adminSearch/address';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/form/TextField';
import { PageMeta } from '../../../ui/PageMeta';
import { ConversionSection } from './ConversionSection';
import { FilesAtRiskSection } from './FilesAtRiskSection';
import { ReceivablesSection } from './ReceivablesSection';
import type { ReportSectionProps } from './ReportSection';
import { SalesSection } from './SalesSection';

/**
 * The page's reports, in order. Each is one component given the address's period and grouping (the
 * receivables ignore them: they are today's, whatever the period); a report added later is one more line here.
 */
export const REPORT_SECTIONS: readonly { id: string; Section: ComponentType<ReportSectionProps> }[] = [
  { id: 'sales', Section: SalesSection },
  { id: 'receivables', Section: ReceivablesSection },
  { id: 'files-at-risk', Section: FilesAtRiskSection },
  { id: 'conversion', Section: ConversionSection },
];

const hrefOf = (search: ReportsSearch) => adminHref('/admin/reports', { ...search });

/**
 * The period's two months and Show. Keyed by the address's months where it is drawn, so going back
 * to another period shows that period's months rather than the last ones typed.
 */
function PeriodForm({ search }: { search: ReportsSearch }) {
  const navigate = useNavigate();
  const [draft, setDraft] = useState({ from: search.from ?? '', to: search.to ?? '' });
  return (
    <form
      aria-label="Period of the reports"
      noValidate
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate({
          href: hrefOf({ ...search, from: draft.from || undefined, to: draft.to || undefined }),
        });
      }}
    >
      <TextField
        label="From month"
        name="from"
        type="month"
        placeholder="YYYY-MM"
        value={draft.from}
        onValueChange={(from) => setDraft((d) => ({ ...d, from }))}
        className="w-full sm:w-48"
      />
      <TextField
        label="To month"
        name="to"
        type="month"
        placeholder="YYYY-MM"
        value={draft.to}
        onValueChange={(to) => setDraft((d) => ({ ...d, to }))}
        className="w-full sm:w-48"
      />
      <Button type="submit">Show</Button>
      <p className="basis-full text-sm text-ink-soft">
        Months are counted in UTC. Left empty: the last {REPORT_DEFAULT_MONTHS} months, this one included; at
        most {REPORT_MAX_MONTHS} months at once.
      </p>
    </form>
  );
}

/** /admin/reports: sales, receivables (as of today), ad files at risk and conversion for a period of months kept in the address. */
export function ReportsPage({ search }: { search: ReportsSearch }) {
  return (
    <div className="flex flex-col gap-6">
      <PageMeta title="Reports · Back office" />
      <h1 className="font-display text-2xl font-bold text-primary-900">Reports</h1>
      <PeriodForm key={`${search.from ?? ''}/${search.to ?? ''}`} search={search} />
      {REPORT_SECTIONS.map(({ id, Section }) => (
        <Section key={id} search={search} hrefOf={hrefOf} />
      ))}
    </div>
  );
}
