import { type Lifestyle, type MarketSeed, money, type SeedMedia, weeklySchedule } from './common';

/** Screen networks with their lifestyle and weekly price range (dollars, smallest to largest market). */
const SCREEN_NETWORKS: ReadonlyArray<[string, Lifestyle, number, number]> = [
  ['Gas station pump-top screens', 'sports-outdoors', 350, 1_800],
  ['Gym & fitness club screens', 'health-fitness', 300, 1_500],
  ['Airport concourse displays', 'luxury-travel', 1_500, 6_500],
  ['Grocery checkout screens', 'food-dining', 400, 2_200],
  ['Office lobby & elevator screens', 'business-finance', 600, 3_200],
  ['Pediatric waiting room screens', 'family-parenting', 250, 1_100],
  ['Bar & restaurant TVs', 'food-dining', 300, 1_600],
  ['Digital billboards on major highways', 'arts-culture', 1_200, 6_000],
  ['Shopping mall directories', 'home-garden', 500, 2_600],
  ['Cinema pre-show', 'arts-culture', 700, 3_500],
  ['Stadium & arena concourse screens', 'sports-outdoors', 900, 4_800],
];

/** Digital out-of-home: four to six screen networks. */
export function screenNetworks({ market, random, scale, code, inMarket }: MarketSeed): SeedMedia[] {
  return random.sample(SCREEN_NETWORKS, market.rank < 80 ? 6 : 4).map(([network, lifestyle, min, max], i) =>
    inMarket({
      mediacode: code('DO', i + 1),
      name: `${network}`,
      mediaType: 'dooh',
      partner: null,
      lifestyle,
      schedule: weeklySchedule(random),
      unitPriceCents: money(Math.round(scale(min, max) / 25) * 25),
      unitLabel: 'per week',
      reach: Math.round(scale(20_000, 900_000) / 1000) * 1000,
      reachLabel: 'impressions per week',
      image: `/images/media/dooh-${(i % 3) + 1}.svg`,
      description: `Your ad in rotation on ${network.toLowerCase()} across the ${market.name} market for a week.`,
    }),
  );
}
