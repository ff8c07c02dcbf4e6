import type { Demographics } from '../../contract/market';
import { Random } from '../db/seed/random';

export const AGE_BANDS = ['18-24', '25-34', '35-44', '45-54', '55-64', '65+'] as const;
export const INCOME_BANDS = ['Under $50k', '$50k-$100k', '$100k-$150k', '$150k+'] as const;

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/** Weights as shares in thousandths that add up to exactly 1,000 (the last band takes the rounding). */
function toShares(bands: readonly string[], weights: readonly number[]) {
  const sum = weights.reduce((a, b) => a + b, 0);
  const thousandths = weights.map((w) => Math.round((w / sum) * 1000));
  const rest = 1000 - thousandths.slice(0, -1).reduce((a, b) => a + b, 0);
  thousandths[thousandths.length - 1] = rest;
  return bands.map((band, i) => ({ band, share: (thousandths[i] ?? 0) / 1000 }));
}

/**
 * Who lives in a market: synthetic but plausible numbers derived from its households and its code, so
 * the same market always answers the same. Older markets lean to the older age bands and richer ones
 * to the higher income bands.
 */
export function demographicsOf(market: { prodcode: string; households: number }): Demographics {
  const random = new Random(`demographics:${market.prodcode}`);
  const population = Math.round(market.households * (2.4 + random.next() * 0.3));
  const medianAge = Math.round((32 + random.next() * 12) * 10) / 10;
  const medianIncome = Math.round((48_000 + random.next() * 64_000) / 100) * 100;
  const homeowners = round3(0.45 + random.next() * 0.3);
  const familiesWithChildren = round3(0.22 + random.next() * 0.16);

  const older = (medianAge - 38) / 6; // -1 for the youngest markets, 1 for the oldest
  const ageBase = [0.12, 0.18, 0.17, 0.16, 0.16, 0.21];
  const ageTilt = [-0.03, -0.03, -0.01, 0.01, 0.03, 0.03];
  const age = ageBase.map((w, i) =>
    Math.max(0.02, w + (ageTilt[i] ?? 0) * older + (random.next() - 0.5) * 0.02),
  );

  const richer = (medianIncome - 80_000) / 32_000; // -1 to 1
  const incomeBase = [0.34, 0.31, 0.18, 0.17];
  const incomeTilt = [-0.12, -0.02, 0.06, 0.08];
  const income = incomeBase.map((w, i) =>
    Math.max(0.03, w + (incomeTilt[i] ?? 0) * richer + (random.next() - 0.5) * 0.02),
  );

  return {
    households: market.households,
    population,
    median_age: medianAge,
    median_income: medianIncome,
    homeowners,
    families_with_children: familiesWithChildren,
    age: toShares(AGE_BANDS, age),
    income: toShares(INCOME_BANDS, income),
  };
}
