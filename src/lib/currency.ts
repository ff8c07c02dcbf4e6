const usd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** US dollars, en-US, no decimals (SPEC section 9): 8075 → "$8,075". */
export const formatUsd = (dollars: number): string => usd.format(dollars);

const count = new Intl.NumberFormat('en-US');
export const formatCount = (value: number): string => count.format(value);
