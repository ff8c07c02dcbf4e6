/**
 * An order's price shared over its runs by the largest-remainder method, so the runs' prices add up to
 * the total to the cent. Pages show whole dollars (contract/money.ts `formatCents`), so the dollars are
 * shared first, each run getting the whole dollars of its exact share and the dollars left over going
 * to the runs with the largest remainders; the total's odd cents then go to one run, the one with the
 * largest share. Each run but that one is a whole number of dollars, so the whole dollars shown add up
 * to the total shown as well (a run's odd cents round the way the total's do).
 *
 * `weights` are the runs' shares of the price before the discount (all equal for the dates of one
 * order); the discount falls on them in the same proportions.
 */
export function allocateCents(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((total, weight) => total + weight, 0);
  if (weights.length === 0) return [];
  if (!Number.isSafeInteger(totalCents) || totalCents < 0)
    throw new RangeError(`A price to share is a whole number of cents from 0, not ${totalCents}.`);
  if (sum <= 0 || weights.some((weight) => weight < 0 || !Number.isFinite(weight)))
    throw new RangeError('Shares are weighed by amounts from 0 of which at least one is above 0.');

  const dollars = Math.floor(totalCents / 100);
  const quotas = weights.map((weight) => (dollars * weight) / sum);
  const shares = quotas.map(Math.floor);
  let left = dollars - shares.reduce((total, share) => total + share, 0);
  // Largest remainder first; a tie goes to the earlier run, so the same order always splits the same way.
  const byRemainder = quotas
    .map((quota, index) => ({ index, remainder: quota - Math.floor(quota) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (const { index } of byRemainder) {
    if (left <= 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  const cents = shares.map((share) => share * 100);
  const largest = weights.indexOf(Math.max(...weights));
  cents[largest] = (cents[largest] ?? 0) + (totalCents % 100);
  return cents;
}
