/**
 * A formatter made on first use: the first Intl.NumberFormat of a page loads the locale's data, work
 * that belongs to the first number shown rather than to loading the script.
 */
function later(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let made: Intl.NumberFormat | undefined;
  return () => {
    made ??= new Intl.NumberFormat('en-US', options);
    return made;
  };
}

/** US dollars, en-US, no decimals (SPEC section 9). */
const dollars = later({
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** 8075 → "$8,075". */
export const formatUsd = (amountInDollars: number): string => dollars().format(amountInDollars);

/** An amount of cents as whole US dollars: 1250000 → "$12,500"; -62500 → "-$625" for a discount. */
export const formatCents = (cents: number): string => dollars().format(cents / 100);

/** Cents as the dollars the wire carries (exact for whole cents). */
export const centsToDollars = (cents: number): number => cents / 100;

const count = later({});
/** A whole number as en-US digits: 10000 → "10,000". */
export const formatCount = (value: number): string => count().format(value);

const exactDollars = later({
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as dollars and cents, as invoices print them: 125050 → "$1,250.50"; -62500 → "-$625.00". */
export const formatCentsExact = (cents: number): string => exactDollars().format(cents / 100);
