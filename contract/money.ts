/**
 * Money and counts as en-US text, written by hand for the numbers a page shows (whole and exact
 * amounts below a thousand trillion). The first Intl.NumberFormat of a page loads the locale's data,
 * about 20 ms of a phone's first second spent on a comma; Intl stays the reference for anything
 * outside that range (a property test checks the two agree: tests/unit/format.test.ts).
 */

/** Beyond this, String() of a number stops giving plain digits. */
const PLAIN_DIGITS_BELOW = 1e15;

/** 1234567 → "1,234,567" for a non-negative whole number below PLAIN_DIGITS_BELOW. */
function groupThousands(whole: number): string {
  const digits = String(whole);
  let grouped = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const part = digits.slice(Math.max(0, end - 3), end);
    grouped = grouped ? `${part},${grouped}` : part;
  }
  return grouped;
}

/** Intl writes a minus for anything below zero, negative zero included ("-$0"). */
const isNegative = (value: number) => value < 0 || Object.is(value, -0);

/** Intl rounds half away from zero. */
const roundHalfAway = (value: number) => Math.sign(value) * Math.round(Math.abs(value));

const intl = new Map<string, Intl.NumberFormat>();
function byIntl(value: number, fractionDigits: number | undefined): string {
  const key = String(fractionDigits);
  let format = intl.get(key);
  if (!format) {
    format =
      fractionDigits === undefined
        ? new Intl.NumberFormat('en-US')
        : new Intl.NumberFormat('en-US', {
            style: 'currency',
            currency: 'USD',
            minimumFractionDigits: fractionDigits,
            maximumFractionDigits: fractionDigits,
          });
    intl.set(key, format);
  }
  return format.format(value);
}

/** Whole US dollars: 8075 → "$8,075"; -625 → "-$625". */
function wholeDollars(amount: number): string {
  const rounded = Math.abs(roundHalfAway(amount));
  if (!Number.isFinite(amount) || rounded >= PLAIN_DIGITS_BELOW) return byIntl(amount, 0);
  return `${isNegative(amount) ? '-' : ''}$${groupThousands(rounded)}`;
}

/** US dollars, en-US, no decimals (SPEC section 9). 8075 → "$8,075". */
export const formatUsd = (amountInDollars: number): string => wholeDollars(amountInDollars);

/** An amount of cents as whole US dollars: 1250000 → "$12,500"; -62500 → "-$625" for a discount. */
export const formatCents = (cents: number): string => wholeDollars(cents / 100);

/** Cents as the dollars the wire carries (exact for whole cents). */
export const centsToDollars = (cents: number): number => cents / 100;

/** A whole number as en-US digits: 10000 → "10,000". */
export function formatCount(value: number): string {
  if (!Number.isSafeInteger(value)) return byIntl(value, undefined);
  return `${isNegative(value) ? '-' : ''}${groupThousands(Math.abs(value))}`;
}

/** Cents as dollars and cents, as invoices print them: 125050 → "$1,250.50"; -62500 → "-$625.00". */
export function formatCentsExact(cents: number): string {
  // Below 1e13 cents, cents / 100 (what Intl is given) still rounds back to the same cents.
  if (!Number.isSafeInteger(cents) || Math.abs(cents) >= 1e13) {
    return byIntl(cents / 100, 2);
  }
  const size = Math.abs(cents);
  const pennies = String(size % 100).padStart(2, '0');
  return `${isNegative(cents) ? '-' : ''}$${groupThousands(Math.trunc(size / 100))}.${pennies}`;
}
