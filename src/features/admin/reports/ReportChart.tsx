import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/**
 * A report's bar chart, drawn with recharts. This module is the only one that imports recharts, and
 * the reports page loads it lazily (React.lazy), so the chart library stays out of the storefront's
 * bundles and out of the back office's sign-in. The chart is a picture of the table beside it, which
 * is its text alternative: it is hidden from screen readers and takes no focus of its own.
 */

// The palette of tailwind.config.ts (primary 600, mint 500, sunshine 600, coral 600): chart paint takes colour values.
export const CHART_COLOURS = ['#6330d6', '#2fae85', '#e58a00', '#cc432f'] as const;

export interface ChartSeries {
  key: string;
  name: string;
}

export interface ReportChartProps {
  rows: readonly Record<string, string | number>[];
  /** The field of a row that names its bar group (the month, the channel...). */
  category: string;
  series: readonly ChartSeries[];
  /** How a value reads on the axis and in the tooltip. */
  format: (value: number) => string;
  /** Counts: the axis has no ticks between whole numbers. */
  wholeNumbers?: boolean;
}

export function ReportChart({ rows, category, series, format, wholeNumbers = false }: ReportChartProps) {
  return (
    <div aria-hidden="true" className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <BarChart
          data={[...rows]}
          accessibilityLayer={false}
          margin={{ top: 8, right: 8, bottom: 8, left: 8 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey={category} tick={{ fontSize: 12 }} />
          <YAxis tickFormatter={format} tick={{ fontSize: 12 }} width={80} allowDecimals={!wholeNumbers} />
          <Tooltip formatter={(value) => (typeof value === 'number' ? format(value) : String(value))} />
          {/* In the series' order, in the text's colour (a pale series colour is hard to read as text). */}
          <Legend itemSorter={null} formatter={(value) => <span className="text-ink-soft">{value}</span>} />
          {series.map((one, i) => (
            <Bar
              key={one.key}
              dataKey={one.key}
              name={one.name}
              fill={CHART_COLOURS[i % CHART_COLOURS.length]}
              maxBarSize={56}
              // Drawn at once: a growing bar is motion nobody asked for, and a screenshot caught mid-way shows none.
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}
