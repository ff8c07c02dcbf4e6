/** US dollars as the storefront shows them: en-US, no decimals (SPEC section 9). */
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** Formats an amount of cents as whole US dollars ("$12,500"; "-$625" for a discount). */
export const formatCents = (cents: number): string => dollars.format(cents / 100);

/** Cents as the dollars the wire carries (exact for whole cents). */
export const centsToDollars = (cents: number): number => cents / 100;

/** A whole number as en-US words of digits ("10,000"). */
export const formatCount = (value: number): string => value.toLocaleString('en-US');
