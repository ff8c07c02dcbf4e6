import { config } from '../config';

/**
 * The storefront's one local-storage entry (`adlaneStorefrontStore`): the sign-in token and the
 * values that must survive a reload. Reads never throw: a corrupt or blocked storage reads as empty.
 */
export interface StorefrontStore {
  token?: string;
  tokenCreatedAt?: number;
  station?: string;
  shopSearch?: unknown;
  /** The saved every-door route selection (POST /eddm/cart), so it survives reloads. */
  eddmCartId?: string;
  /** The every-door mailing's drop week last chosen (YYYY-MM-DD), kept with the selection. */
  eddmWeek?: string;
  /**
   * The every-door filters, and the picked routes they hide (left out of the saved selection, which
   * is the mailing), as of the last save; read back through their contract schemas.
   */
  eddmFilters?: unknown;
  eddmHidden?: unknown;
  /** The sales rep code from a `?rep=` link, kept so the cookie can be renewed. */
  repCode?: string;
  /** When the rep code came (ms): its cookie lasts 30 days from then. */
  repCodeAt?: number;
  /** The market of the stored shop search's zip code (lib/shopSearch.ts), for the site search. */
  visitorMarket?: unknown;
}

export const STORE_KEY = `${config.storagePrefix}StorefrontStore`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readStore(): StorefrontStore {
  try {
    const raw = storage()?.getItem(STORE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as StorefrontStore) : {};
  } catch {
    return {};
  }
}

export function writeStore(patch: Partial<StorefrontStore>): void {
  try {
    storage()?.setItem(STORE_KEY, JSON.stringify({ ...readStore(), ...patch }));
  } catch {
    // Storage full or disabled: the value lives for this page only, which is the best we can do.
  }
}

export function removeFromStore(...keys: Array<keyof StorefrontStore>): void {
  const next = readStore();
  for (const key of keys) delete next[key];
  try {
    storage()?.setItem(STORE_KEY, JSON.stringify(next));
  } catch {
    // See writeStore.
  }
}
