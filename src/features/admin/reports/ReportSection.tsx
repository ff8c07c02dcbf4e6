import { lazy, type ReactNode, Suspense } from 'react';
import type { ReportsSearch } from '../../../api/admin/reports';
import type { FileAnswer } from '../../../api/client';
import { DownloadButton } from '../../../ui/DownloadButton';
import { FormAlert } from '../../../ui/form/FormAlert';
import type { ReportChartProps } from './ReportChart';

// The chart library loads with the first chart drawn, never with the page's own code.
const ReportChart = lazy(() => import('./ReportChart').then((module) => ({ default: module.ReportChart })));

/** What every section of the reports page is given: the address's period and grouping, and how to link to others. */
export interface ReportSectionProps {
  search: ReportsSearch;
  hrefOf: (search: ReportsSearch) => string;
}

/** A chart as a section draws it, or none (a report without rows has nothing to draw). */
export type SectionChart = ReportChartProps | null;

/**
 * One report on the page: its heading, what it counts, a chart, the chart's figures as a table (its
 * text alternative), and the same figures as a CSV download.
 */
export function ReportSection({
  id,
  title,
  description,
  error,
  loading,
  chart,
  table,
  download,
  filename,
  controls,
}: {
  id: string;
  title: string;
  description: ReactNode;
  error: string | null;
  loading: boolean;
  chart: SectionChart;
  table: ReactNode;
  download: () => Promise<FileAnswer>;
  filename: string;
  controls?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-card border border-primary-100 bg-white p-4 tb:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex max-w-prose flex-col gap-1">
          <h2 id={headingId} className="font-display text-xl font-bold text-primary-900">
            {title}
          </h2>
          <p className="text-sm text-ink-soft">{description}</p>
        </div>
        <div className="flex flex-col items-end gap-1">
          <DownloadButton
            fetchFile={download}
            filename={filename}
            className="rounded-button border-2 border-primary-200 px-3 py-2 text-sm font-semibold text-primary-700 hover:border-primary focus-visible:outline-2 focus-visible:outline-primary-600"
          >
            Download CSV<span className="sr-only"> of {title.toLowerCase()}</span>
          </DownloadButton>
        </div>
      </div>
      {controls}
      {error ? <FormAlert tone="error">{error}</FormAlert> : null}
      {chart ? (
        <Suspense fallback={<div className="h-72 w-full animate-pulse rounded-card bg-primary-50" />}>
          <ReportChart {...chart} />
        </Suspense>
      ) : null}
      <div aria-busy={loading}>{table}</div>
    </section>
  );
}
