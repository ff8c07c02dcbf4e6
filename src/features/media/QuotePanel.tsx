import { format, parseISO } from 'date-fns';
import { ShoppingCart } from 'lucide-react';
import type { Media } from '../../../contract/media';
import { formatUsd } from '../../../contract/money';
import type { Availability } from '../../../contract/quote';
import { useCartBusy, useSendToCart } from '../../system/hooks/cart';
import { Button } from '../../ui/Button';
import { SelectMenu } from '../../ui/SelectMenu';
import { DatePicker } from './DatePicker';
import { useQuote } from './useQuote';

const day = (value: string | null) => (value ? format(parseISO(value), 'EEE, MMM d, yyyy') : '');

/**
 * Choose dates and a quantity, see the server's price, and add the placement to the cart. The page
 * keys it by placement, so each placement has its own quote actor.
 */
export function QuotePanel({ media, availability }: { media: Media; availability: Availability }) {
  const needsDates = availability.kind !== 'none';
  const {
    actor: quoteActor,
    status,
    shown,
    failure,
    dates,
    quantity,
  } = useQuote({
    mediacode: media.mediacode,
    availability,
    quantity: availability.quantities[0]?.value ?? null,
  });
  const busy = useCartBusy();
  const sendToCart = useSendToCart();

  return (
    <div className="flex flex-col gap-5">
      {needsDates ? (
        <DatePicker
          availability={availability}
          selected={dates}
          onToggle={(date) => quoteActor.send({ type: 'quote.dateToggled', date })}
        />
      ) : null}
      {needsDates ? (
        <p className="text-sm text-ink-muted" role="status">
          {dates.length === 0
            ? `Choose up to ${availability.max_dates} ${availability.kind === 'issues' ? 'issues' : 'weeks'}.`
            : `${dates.length} of up to ${availability.max_dates} chosen.`}
        </p>
      ) : null}
      <SelectMenu
        label={availability.quantity_label}
        value={String(quantity ?? '')}
        options={availability.quantities.map((q) => ({ value: String(q.value), label: q.label }))}
        onChange={(value) => quoteActor.send({ type: 'quote.quantityChanged', quantity: Number(value) })}
        className="max-w-xs"
      />

      <div aria-live="polite" className="rounded-2xl bg-primary-50/60 p-4">
        {status === 'idle' ? (
          <p className="text-ink-soft">Choose {needsDates ? 'dates' : 'a quantity'} to see the price.</p>
        ) : status === 'failed' ? (
          <p role="alert" className="font-semibold text-coral-700">
            {failure}
          </p>
        ) : shown ? (
          <div className={status === 'pending' ? 'opacity-60' : ''} aria-busy={status === 'pending'}>
            <table className="w-full text-sm">
              <caption className="sr-only">How the price is made</caption>
              <tbody>
                {shown.lines.map((line) => (
                  <tr key={line.label}>
                    <th scope="row" className="py-1 text-left font-medium text-ink-soft">
                      {line.label}
                    </th>
                    <td className="py-1 text-right text-ink tabular-nums">{formatUsd(line.amount)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <p className="mt-2 flex items-baseline justify-between border-t border-primary-100 pt-2">
              <span className="font-bold text-ink">Total</span>
              <span className="text-2xl font-extrabold text-primary-900">{shown.total_formatted}</span>
            </p>
            {shown.start ? (
              <p className="mt-2 text-sm text-ink-soft">
                Runs {day(shown.start)}
                {shown.end && shown.end !== shown.start ? ` to ${day(shown.end)}` : ''}.
                {shown.materials_due ? ` Your ad is due by ${day(shown.materials_due)}.` : ''}
              </p>
            ) : null}
          </div>
        ) : (
          <p role="status" className="text-ink-soft">
            Working out the price…
          </p>
        )}
      </div>

      <Button
        size="lg"
        disabled={status !== 'ready'}
        // While the item is on its way the button keeps the focus (a disabled one would drop it to the page).
        inactive={busy}
        onClick={() => {
          if (quantity === null) return;
          sendToCart({
            type: 'cart.add',
            item: { mediacode: media.mediacode, dates: [...dates], quantity, title: media.name },
          });
        }}
        className="self-start"
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        {busy ? 'Adding…' : 'Add to cart'}
      </Button>
    </div>
  );
}
