/** US dollars, en-US, no decimals (SPEC section 9). */
const dollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** 8075 → "$8,075". */
export const formatUsd = (amountInDollars: number): string => dollars.format(amountInDollars);

/** An amount of cents as whole US dollars: 1250000 → "$12,500"; -62500 → "-$625" for a discount. */
export const formatCents = (cents: number): string => dollars.format(cents / 100);

/** Cents as the dollars the wire carries (exact for whole cents). */
export const centsToDollars = (cents: number): number => cents / 100;

const count = new Intl.NumberFormat('en-US');
/** A whole number as en-US digits: 10000 → "10,000". */
export const formatCount = (value: number): string => count.format(value);

const exactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** Cents as dollars and cents, as invoices print them: 125050 → "$1,250.50"; -62500 → "-$625.00". */
export const formatCentsExact = (cents: number): string => exactDollars.format(cents / 100);
