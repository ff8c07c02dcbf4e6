import { AUDIENCES, type MarketSeed, money, type SeedMedia, weeklySchedule } from './common';

/** Connected TV: three streaming audiences. */
export function streamingTv({ market, random, code, inMarket }: MarketSeed): SeedMedia[] {
  return random.sample(AUDIENCES, 3).map(([audience, lifestyle], i) =>
    inMarket({
      mediacode: code('CT', i + 1),
      name: `Streaming TV: ${audience}`,
      mediaType: 'ctv',
      partner: null,
      lifestyle,
      schedule: weeklySchedule(random),
      unitPriceCents: money(random.price(280, 620, 10)),
      unitLabel: 'per 10,000 impressions',
      reach: Math.round((market.households * random.int(8, 22)) / 100),
      reachLabel: 'streaming households',
      image: `/images/media/ctv-${(i % 3) + 1}.svg`,
      description: `Full-screen, non-skippable ads on streaming apps and smart TVs, shown to ${audience.toLowerCase()} in ${market.name}.`,
    }),
  );
}
