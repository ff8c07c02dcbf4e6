import { useState } from 'react';
import type { BoughtRoute } from '../../../contract/directMail';
import { formatCount } from '../../../contract/money';
import { Button } from '../../ui/Button';

/** How many routes show before the list folds. */
const FOLDED = 10;

/**
 * The carrier routes an every-door mailing bought (issue 34): route, zip code and pieces, as the
 * invoice lists them. A long list folds after ten; a mailing bought before each route's pieces were
 * kept says so rather than showing a guess.
 */
export function BoughtRoutes({ routes, card }: { routes: readonly BoughtRoute[]; card: string }) {
  const [unfolded, setUnfolded] = useState(false);
  if (routes.length === 0) return null;
  const shown = unfolded ? routes : routes.slice(0, FOLDED);
  const piecesUnknown = routes.some((route) => route.pieces === null);
  return (
    <section aria-labelledby="order-routes" className={card}>
      <h2 id="order-routes" className="text-lg font-bold text-ink">
        Carrier routes
      </h2>
      <p className="mt-1 text-sm text-ink-soft">
        {formatCount(routes.length)} route{routes.length === 1 ? '' : 's'} bought for this mailing.
        {piecesUnknown
          ? ' Pieces per route were not kept for this order: its total is in the price below.'
          : ''}
      </p>
      <table className="mt-3 w-full text-left text-[15px]">
        <caption className="sr-only">Carrier routes bought</caption>
        <thead className="text-sm text-ink-soft">
          <tr>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Route
            </th>
            <th scope="col" className="py-1 pr-4 font-semibold">
              Zip code
            </th>
            <th scope="col" className="py-1 text-right font-semibold">
              Pieces
            </th>
          </tr>
        </thead>
        <tbody>
          {shown.map((route) => (
            <tr key={route.routecode} className="border-t border-primary-100">
              <th scope="row" className="py-1 pr-4 font-medium text-ink">
                {route.routecode}
              </th>
              <td className="py-1 pr-4 text-ink-soft">{route.zip}</td>
              <td className="py-1 text-right text-ink">
                {route.pieces === null ? 'Not kept' : formatCount(route.pieces)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {routes.length > FOLDED ? (
        <div className="mt-3">
          <Button variant="secondary" aria-expanded={unfolded} onClick={() => setUnfolded((open) => !open)}>
            {unfolded ? `Show the first ${FOLDED} routes` : `Show all ${formatCount(routes.length)} routes`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
