import type { Client } from './client';
import { download, upload } from './files';
import {
  browsePage,
  cartAdd,
  checkout,
  invoicePdf,
  orders,
  placementPage,
  quote,
  shopSearch,
  signIn,
  signUp,
  siteSearch,
  staticFile,
} from './shopping';
import type { World } from './world';

/**
 * What the soak's clients do, and how often: mostly reading (pages, the shop's search, placements,
 * quotes, the header's search), some writing (accounts, carts, orders, files). A step that needs an
 * account, an order or a file makes one first, as a person would.
 */

export type Step = (client: Client, world: World) => Promise<void>;

export const MIX: readonly { name: string; weight: number; step: Step }[] = [
  { name: 'page', weight: 10, step: browsePage },
  { name: 'static file', weight: 8, step: staticFile },
  { name: 'shop search', weight: 14, step: shopSearch },
  { name: 'placement', weight: 10, step: placementPage },
  { name: 'quote', weight: 8, step: quote },
  { name: 'site search', weight: 14, step: siteSearch },
  { name: 'sign-up', weight: 2, step: signUp },
  { name: 'sign-in', weight: 4, step: signIn },
  { name: 'cart add', weight: 6, step: cartAdd },
  { name: 'checkout', weight: 4, step: checkout },
  { name: 'orders', weight: 4, step: orders },
  { name: 'invoice pdf', weight: 2, step: invoicePdf },
  { name: 'upload', weight: 4, step: upload },
  { name: 'download', weight: 4, step: download },
];

const TOTAL = MIX.reduce((sum, entry) => sum + entry.weight, 0);

/** A step drawn by its weight. */
export function nextStep(): Step {
  let left = Math.random() * TOTAL;
  for (const entry of MIX) {
    left -= entry.weight;
    if (left < 0) return entry.step;
  }
  return MIX[0]?.step ?? (async () => {});
}
