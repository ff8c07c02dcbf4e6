import { createActor } from 'xstate';
import type { CartItem } from '../../../contract/cart';
import type { Availability } from '../../../contract/quote';
import { useLoadedApp } from '../../system/AppContext';
import { useCartBusy, useSendToCart } from '../../system/hooks/cart';
import { useCartUpdating, useUpdateRefusal } from '../../system/hooks/cartEditor';
import { useCurrentAnswer, useRequestError } from '../../system/hooks/request';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { itemAvailabilityLogic } from '../../system/itemAvailability';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { SelectMenu } from '../../ui/SelectMenu';
import { Spinner } from '../../ui/Spinner';
import { DatePicker } from '../media/DatePicker';
import { useQuote } from '../media/useQuote';

/** The item's placement's dates and quantities, then the choice; a failed load can be tried again. */
export function ItemEditorForm({ item }: { item: CartItem }) {
  const app = useLoadedApp();
  const availabilityActor = useFlowActor(() =>
    createActor(itemAvailabilityLogic(), { ...app.actorOptions, input: { key: item.mediacode } }),
  );
  const availability = useCurrentAnswer(availabilityActor);
  const error = useRequestError(availabilityActor);
  const sendToCart = useSendToCart();
  if (error)
    return (
      <div className="flex flex-col gap-3 p-5">
        <FormAlert tone="error">{error}</FormAlert>
        <div className="flex flex-wrap gap-2">
          <Button onClick={() => availabilityActor.send({ type: 'request.retry' })}>Try again</Button>
          <Button variant="secondary" onClick={() => sendToCart({ type: 'cart.editClosed' })}>
            Cancel
          </Button>
        </div>
      </div>
    );
  if (!availability)
    return (
      <div className="flex justify-center py-10">
        <Spinner label="Loading the dates" />
      </div>
    );
  return <ItemChoice item={item} availability={availability} />;
}

/** The dates the item has that can still be chosen: a date past its deadline or sold out is dropped. */
const stillOpen = (item: CartItem, availability: Availability) =>
  item.dates.filter((date) => availability.options.some((o) => o.value === date && o.available));

/**
 * The item's dates and quantity, chosen as on the placement's page (the same calendar, quantities and
 * price from the server), and saved into the cart. A refused change stays on screen with the reason.
 */
function ItemChoice({ item, availability }: { item: CartItem; availability: Availability }) {
  const needsDates = availability.kind !== 'none';
  const open = stillOpen(item, availability);
  const {
    actor: quoteActor,
    status,
    shown,
    failure,
    dates,
    quantity,
  } = useQuote({ mediacode: item.mediacode, availability, quantity: item.qty, dates: open });
  const refusal = useUpdateRefusal();
  const updating = useCartUpdating();
  const busy = useCartBusy();
  const sendToCart = useSendToCart();
  const closed = item.dates.length - open.length;

  return (
    <form
      className="flex min-h-0 flex-col"
      onSubmit={(event) => {
        event.preventDefault();
        if (quantity === null || status !== 'ready' || busy) return;
        sendToCart({ type: 'cart.update', change: { itemId: item.id, dates: [...dates], quantity } });
      }}
    >
      <div className="flex min-h-0 flex-col gap-4 overflow-y-auto px-5 py-4">
        {closed > 0 ? (
          <p className="rounded-xl bg-warm px-4 py-3 text-sm font-semibold text-ink">
            {closed === 1 ? 'One of its dates' : `${closed} of its dates`} can no longer be booked (sold out
            or past its deadline): choose {closed === 1 ? 'another' : 'others'}.
          </p>
        ) : null}
        {needsDates ? (
          <DatePicker
            availability={availability}
            selected={dates}
            onToggle={(date) => quoteActor.send({ type: 'quote.dateToggled', date })}
          />
        ) : null}
        <SelectMenu
          label={availability.quantity_label}
          value={String(quantity ?? '')}
          options={availability.quantities.map((q) => ({ value: String(q.value), label: q.label }))}
          onChange={(value) => quoteActor.send({ type: 'quote.quantityChanged', quantity: Number(value) })}
          className="max-w-xs"
        />
      </div>
      <div className="flex flex-col gap-3 border-t border-primary-100 px-5 py-4">
        <div aria-live="polite">
          {status === 'failed' ? (
            <p className="font-semibold text-coral-700">{failure}</p>
          ) : status === 'idle' ? (
            <p className="text-ink-soft">Choose {needsDates ? 'dates' : 'a quantity'} to see the price.</p>
          ) : (
            <p
              className={`flex items-baseline justify-between ${status === 'pending' ? 'opacity-60' : ''}`}
              aria-busy={status === 'pending'}
            >
              <span className="font-semibold text-ink-soft">New price</span>
              <span className="text-xl font-extrabold text-primary-900">
                {shown?.total_formatted ?? 'Working it out…'}
              </span>
            </p>
          )}
        </div>
        {refusal ? <FormAlert tone="error">{refusal}</FormAlert> : null}
        <div className="flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
          <Button
            variant="secondary"
            disabled={updating}
            onClick={() => sendToCart({ type: 'cart.editClosed' })}
          >
            Cancel
          </Button>
          <Button type="submit" disabled={status !== 'ready'} inactive={busy}>
            {updating ? 'Saving…' : 'Save changes'}
          </Button>
        </div>
      </div>
    </form>
  );
}
