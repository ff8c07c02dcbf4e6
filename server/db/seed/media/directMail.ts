import { type Lifestyle, type MarketSeed, money, type SeedMedia, weeklySchedule } from './common';

const MAIL_AUDIENCES: ReadonlyArray<[string, Lifestyle]> = [
  ['New movers', 'home-garden'],
  ['Homeowners', 'home-garden'],
  ['New parents', 'family-parenting'],
  ['Small-business owners', 'business-finance'],
  ['Affluent households', 'luxury-travel'],
  ['Pet owners', 'family-parenting'],
  ['Seniors 65+', 'health-fitness'],
  ['Fitness enthusiasts', 'health-fitness'],
  ['Restaurant regulars', 'food-dining'],
];

/** Every-door direct mail: one placement, every household on the carrier routes you pick. */
export function everyDoorMail({ market, random, code, inMarket }: MarketSeed): SeedMedia[] {
  return [
    inMarket({
      mediacode: code('ED', 1),
      name: `Every Door Direct Mail: ${market.city} area routes`,
      mediaType: 'eddm',
      partner: null,
      lifestyle: 'home-garden',
      schedule: weeklySchedule(random),
      unitPriceCents: money(random.price(329, 449, 1)),
      unitLabel: 'per 1,000 postcards',
      reach: market.households,
      reachLabel: 'households on the routes',
      image: `/images/media/eddm-${(market.rank % 3) + 1}.svg`,
      description: `A 6.25 × 9 in postcard printed and delivered to every address on the ${market.city} carrier routes you choose.`,
    }),
  ];
}

/** Audience-based direct mail: two mailing lists. */
export function audienceMail({ market, random, code, inMarket }: MarketSeed): SeedMedia[] {
  return random.sample(MAIL_AUDIENCES, 2).map(([list, lifestyle], i) =>
    inMarket({
      mediacode: code('AB', i + 1),
      name: `Audience mail: ${list}`,
      mediaType: 'abdm',
      partner: null,
      lifestyle,
      schedule: weeklySchedule(random),
      unitPriceCents: money(random.price(520, 890, 5)),
      unitLabel: 'per 1,000 postcards',
      reach: Math.round((market.households * random.int(3, 12)) / 100),
      reachLabel: 'matching households',
      image: `/images/media/abdm-${(i % 3) + 1}.svg`,
      description: `A postcard mailed only to ${list.toLowerCase()} in the zip codes you choose around ${market.city}.`,
    }),
  );
}
