import type { Cart } from '../../contract/cart';
import { type EddmContext, type Mailing, mailingRoutes } from './eddm.types';

/** The every-door mailings a cart holds: one per item that carries routes and per week it drops. */
export function mailingsIn(cart: Cart | null): Mailing[] {
  return (cart?.contents.items ?? []).flatMap(({ eddm, dates }) =>
    eddm
      ? dates.map((week) => ({
          routes: [...eddm.routes].sort(),
          residentialOnly: eddm.residential_only,
          week,
        }))
      : [],
  );
}

/** The mailing the page shows: the picked routes the filters keep, homes only or not, and the week chosen. */
export const shownMailing = (context: EddmContext): Mailing => ({
  routes: mailingRoutes(context)
    .map((r) => r.routecode)
    .sort(),
  residentialOnly: context.residentialOnly,
  week: context.week,
});

/** The same routes, the same homes-only choice, the same week. */
export const isSameMailing = (a: Mailing, b: Mailing): boolean =>
  a.week === b.week &&
  a.residentialOnly === b.residentialOnly &&
  a.routes.length === b.routes.length &&
  a.routes.every((code, i) => code === b.routes[i]);
