import type { Demographics } from '../../../contract/market';
import { formatCount, formatUsd } from '../../../contract/money';

const percent = (share: number) => `${Math.round(share * 100)}%`;

function Bars({ label, rows }: { label: string; rows: Demographics['age'] }) {
  const widest = Math.max(...rows.map((r) => r.share), 0.0001);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-bold text-ink">{label}</figcaption>
      <table className="w-full text-sm">
        <caption className="sr-only">{label}</caption>
        <tbody>
          {rows.map((row) => (
            <tr key={row.band}>
              <th
                scope="row"
                className="w-28 py-1 pr-3 text-left font-medium whitespace-nowrap text-ink-soft"
              >
                {row.band}
              </th>
              <td className="w-full py-1">
                {/* An SVG bar: its width is an attribute, where a style attribute would be refused
                    by the Content-Security-Policy in a page the server drew. */}
                <svg aria-hidden="true" className="block h-3 w-full" focusable="false">
                  <rect
                    width={`${(row.share / widest) * 100}%`}
                    height="100%"
                    rx="6"
                    className="fill-primary-400"
                  />
                </svg>
              </td>
              <td className="py-1 pl-3 text-right font-semibold text-ink tabular-nums">
                {percent(row.share)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** GET /market/demographics: who lives in the market, as figures and bars. */
export function AudienceSection({ demographics: d }: { demographics: Demographics }) {
  const facts = [
    ['Households', formatCount(d.households)],
    ['People', formatCount(d.population)],
    ['Median age', String(d.median_age)],
    ['Median household income', formatUsd(d.median_income)],
    ['Homeowners', percent(d.homeowners)],
    ['Families with children', percent(d.families_with_children)],
  ];
  return (
    <div className="flex flex-col gap-6">
      <dl className="grid grid-cols-2 gap-3 tb:grid-cols-3">
        {facts.map(([term, value]) => (
          <div key={term} className="rounded-xl bg-primary-50/60 px-4 py-3">
            <dt className="text-xs font-bold tracking-wide text-ink-muted uppercase">{term}</dt>
            <dd className="mt-1 text-xl font-extrabold text-primary-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-6 md:grid-cols-2">
        <Bars label="Adults by age" rows={d.age} />
        <Bars label="Households by yearly income" rows={d.income} />
      </div>
    </div>
  );
}
