/**
 * Readers for URL search parameters. The router hands over whatever the address bar holds (and turns
 * `60601` into a number, `true` into a boolean); each reader returns a clean value or undefined, so
 * an odd or hand-edited link degrades to defaults instead of failing the page. Plain functions rather
 * than a schema library keep the first bundle small: these run on every route.
 */

const asText = (value: unknown): string | undefined =>
  typeof value === 'string'
    ? value
    : typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : undefined;

/** Text, trimmed, at most `max` characters; empty text reads as absent. */
export function text(value: unknown, max: number): string | undefined {
  const trimmed = asText(value)?.trim();
  return trimmed && trimmed.length <= max ? trimmed : undefined;
}

/** One of the allowed values. */
export function oneOf<const T extends string>(value: unknown, allowed: readonly T[]): T | undefined {
  const candidate = asText(value);
  return allowed.find((option) => option === candidate);
}

/** A five-digit US zip code (the router may have turned it into a number). */
export function zipCode(value: unknown): string | undefined {
  const candidate = asText(value);
  return candidate && /^\d{5}$/.test(candidate) ? candidate : undefined;
}

/** A whole number from 1 to `max`. */
export function positiveInt(value: unknown, max: number): number | undefined {
  const candidate = typeof value === 'number' ? value : Number(asText(value));
  return Number.isInteger(candidate) && candidate >= 1 && candidate <= max ? candidate : undefined;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day as a date input writes it (`2027-01-22`). */
export function day(value: unknown): string | undefined {
  const candidate = text(value, 10);
  return candidate && DAY.test(candidate) ? candidate : undefined;
}

/** The raw search object of a route's `validateSearch`. */
export type RawSearch = Record<string, unknown>;
