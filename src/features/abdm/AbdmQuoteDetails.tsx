import type { AbdmQuote } from '../../../contract/directMail';
import { formatCents, formatCount } from '../../../contract/money';
import { formatStartDate } from '../../lib/dates';
import { Button } from '../../ui/Button';
import { SelectMenu } from '../../ui/SelectMenu';
import { type AbdmActor, useAdding, useCanAdd, useChosenWeek } from './useAbdm';

/** The quote of the form: matching households by zip code, the price, the drop week, and into the cart. */
export function AbdmQuoteDetails({ abdm, quote }: { abdm: AbdmActor; quote: AbdmQuote }) {
  const week = useChosenWeek(abdm);
  const canAdd = useCanAdd(abdm);
  const adding = useAdding(abdm);
  return (
    <div className="flex flex-col gap-3" aria-live="polite">
      <table className="w-full text-sm">
        <caption className="sr-only">Matching households by zip code</caption>
        <thead>
          <tr className="border-b border-primary-100 text-left text-xs tracking-wide text-ink-muted uppercase">
            <th scope="col" className="py-2 font-bold">
              Zip code
            </th>
            <th scope="col" className="py-2 text-right font-bold">
              Households
            </th>
            <th scope="col" className="py-2 text-right font-bold">
              On the list
            </th>
          </tr>
        </thead>
        <tbody>
          {quote.zipcodes.map((z) => (
            <tr key={z.zip} className="border-b border-primary-50">
              <td className="py-2">
                {z.zip}{' '}
                <span className="text-ink-muted">
                  {z.city}, {z.state}
                </span>
              </td>
              <td className="py-2 text-right tabular-nums">{formatCount(z.households)}</td>
              <td className="py-2 text-right font-semibold tabular-nums">{formatCount(z.matching)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="text-lg text-ink">
        <strong>{formatCount(quote.pieces)}</strong> postcards ·{' '}
        <strong>{formatCents(quote.total_cents)}</strong>
      </p>
      {quote.meets_minimum ? null : (
        <p className="text-sm font-semibold text-coral-700">
          A mailing needs at least {formatCount(quote.minimum_pieces)} postcards: add zip codes to reach it.
        </p>
      )}
      <SelectMenu
        label="Mail goes out the week of"
        value={week}
        options={quote.drop_weeks.map((value) => ({ value, label: formatStartDate(value) }))}
        onChange={(value) => abdm.send({ type: 'abdm.weekChosen', week: value })}
      />
      <Button size="lg" disabled={!canAdd} onClick={() => abdm.send({ type: 'abdm.addRequested' })}>
        {adding ? 'Adding…' : 'Add mailing to cart'}
      </Button>
    </div>
  );
}
