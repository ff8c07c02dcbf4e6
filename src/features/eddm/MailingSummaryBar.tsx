import { Check } from 'lucide-react';
import { useRef } from 'react';
import { formatCents, formatCount } from '../../../contract/money';
import { Button } from '../../ui/Button';
import { useAddMailing, ViewCartLink } from './AddMailing';
import { useChosenWeek, useMailingTotals } from './useEddm';

/** Where the week is chosen (SelectionPanel), for the bar's "Choose a week" to bring the visitor to. */
export const WEEK_MENU_ID = 'mailing-week';

function focusWeekMenu() {
  const menu = document.getElementById(WEEK_MENU_ID)?.querySelector<HTMLElement>('button');
  menu?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  menu?.focus({ preventScroll: true });
}

/**
 * On a phone, the mailing so far in one bar that stays above the map while it scrolls: routes, pieces,
 * cost and the way into the cart, the full panel being below the map. Always there once a zip code
 * is shown, and always as tall, so nothing moves when its contents change.
 */
export function MailingSummaryBar() {
  const totals = useMailingTotals();
  const week = useChosenWeek();
  const { added, creating, inactive, disabled, add } = useAddMailing();
  const chosen = totals.routes > 0;
  const bar = useRef<HTMLElement>(null);
  // Added from this bar: its button gives way to "View cart", which takes the focus as it appears
  // instead of letting it fall to the page (a screen reader would be left nowhere).
  const addedHere = useRef(false);
  const focusIfAddedHere = (link: HTMLAnchorElement | null) => {
    if (!link || !addedHere.current) return;
    addedHere.current = false;
    const focused = document.activeElement;
    if (focused === null || focused === document.body || bar.current?.contains(focused)) link.focus();
  };
  return (
    <section
      ref={bar}
      aria-label="Mailing summary"
      className="sticky top-header z-10 -mx-4 flex h-16 items-center justify-between gap-3 border-b border-primary-100 bg-white/95 px-4 shadow-sm backdrop-blur-md tb:hidden"
    >
      <p className="min-w-0 text-sm leading-tight">
        <span className="flex items-center gap-1.5 text-lg font-extrabold text-primary-900 tabular-nums">
          {chosen && totals.costCents !== null ? formatCents(totals.costCents) : '—'}
          {added ? (
            <span className="inline-flex items-center gap-0.5 text-sm font-bold text-mint-700">
              <Check aria-hidden="true" className="size-4" />
              Added
            </span>
          ) : null}
        </span>
        <span className="block truncate text-ink-soft tabular-nums">
          {chosen
            ? `${totals.routes} route${totals.routes === 1 ? '' : 's'} · ${formatCount(totals.pieces)} pieces`
            : 'Tap routes on the map'}
        </span>
      </p>
      {added ? (
        <ViewCartLink ref={focusIfAddedHere} size="md" className="shrink-0" />
      ) : chosen && !week ? (
        <Button variant="secondary" className="shrink-0" onClick={focusWeekMenu}>
          Choose a week
        </Button>
      ) : (
        <Button
          className="shrink-0"
          disabled={disabled}
          inactive={inactive}
          onClick={() => {
            addedHere.current = true;
            add();
          }}
        >
          {creating ? 'Adding…' : 'Add to cart'}
        </Button>
      )}
      <p role="status" className="sr-only">
        {added ? 'Added to your cart.' : ''}
      </p>
    </section>
  );
}
