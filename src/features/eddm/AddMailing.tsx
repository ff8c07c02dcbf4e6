import { Check } from 'lucide-react';
import type { Ref } from 'react';
import { dayInWords } from '../../../contract/schedule';
import { useCart, useCartId } from '../../system/hooks/cart';
import { Button, ButtonLink } from '../../ui/Button';
import {
  useCanCreateCampaign,
  useChosenWeek,
  useEddmActor,
  useIsConfirmingDuplicate,
  useIsCreatingCampaign,
  useIsMailingAdded,
} from './useEddm';

/** "View cart (3 items)": the cart's page, with how many items it holds now. */
export function ViewCartLink({
  size = 'lg',
  className = '',
  ref,
}: {
  size?: 'md' | 'lg';
  className?: string;
  ref?: Ref<HTMLAnchorElement>;
}) {
  const cart = useCart();
  const cartId = useCartId() ?? cart?.uuid ?? null;
  if (!cartId) return null;
  const count = cart?.contents.items.length ?? 0;
  return (
    <ButtonLink ref={ref} href={`/checkout/${cartId}`} size={size} className={className}>
      View cart ({count} item{count === 1 ? '' : 's'})
    </ButtonLink>
  );
}

/** What the add button does now: add, wait for the add or the question, or nothing yet. */
export function useAddMailing() {
  const eddmActor = useEddmActor();
  const cartId = useCartId();
  const ready = useCanCreateCampaign();
  const creating = useIsCreatingCampaign();
  const confirming = useIsConfirmingDuplicate();
  const added = useIsMailingAdded();
  // Waiting keeps the button focusable (inactive, not disabled): the focus stays on it through the add
  // and comes back to it when the question closes.
  const waiting = creating || confirming;
  return {
    added,
    creating,
    inactive: waiting,
    disabled: !ready && !waiting,
    add: () => eddmActor.send({ type: 'eddm.campaignRequested', cartId }),
  };
}

/**
 * "Add mailing to cart", then "Added to cart ✓" and the way to the cart. The selection stays (another
 * week or another route makes another mailing); the button, pressed again, asks before adding the
 * same mailing twice.
 */
export function AddMailing() {
  const { added, creating, inactive, disabled, add } = useAddMailing();
  const week = useChosenWeek();
  return (
    <div className="flex flex-col gap-2">
      <Button
        size="lg"
        variant={added ? 'secondary' : 'primary'}
        disabled={disabled}
        inactive={inactive}
        onClick={add}
      >
        {creating ? (
          'Adding…'
        ) : added ? (
          <>
            <Check aria-hidden="true" className="size-5 text-mint-700" />
            Added to cart
            <span className="sr-only">: add it again</span>
          </>
        ) : (
          'Add mailing to cart'
        )}
      </Button>
      {added ? (
        <>
          <ViewCartLink className="w-full" />
          <p className="text-sm text-ink-soft">
            In your cart for the week of {dayInWords(week)}. Change the routes or the week for another
            mailing.
          </p>
        </>
      ) : null}
    </div>
  );
}
