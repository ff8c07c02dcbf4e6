import { type Lifestyle, type MarketSeed, money, type SeedMedia } from './common';

/** Regional editions of national titles, sold in the larger markets. */
const NATIONAL_TITLES: ReadonlyArray<[string, Lifestyle]> = [
  ['Architectural Digest', 'home-garden'],
  ['House Beautiful', 'home-garden'],
  ['Bon Appétit', 'food-dining'],
  ['Food & Wine', 'food-dining'],
  ['Forbes', 'business-finance'],
  ['Fortune', 'business-finance'],
  ["Men's Health", 'health-fitness'],
  ["Runner's World", 'health-fitness'],
  ['Travel + Leisure', 'luxury-travel'],
  ['Condé Nast Traveler', 'luxury-travel'],
  ['Parents', 'family-parenting'],
  ['Golf Digest', 'sports-outdoors'],
  ['Outside', 'sports-outdoors'],
  ['The New Yorker', 'arts-culture'],
  ['Rolling Stone', 'arts-culture'],
];

/** City and regional magazines every market has; `{city}` is the market's city. */
const LOCAL_TITLES: ReadonlyArray<[string, Lifestyle]> = [
  ['{city} Home & Design', 'home-garden'],
  ['{city} Living', 'home-garden'],
  ['{city} Table', 'food-dining'],
  ['Taste of {city}', 'food-dining'],
  ['{city} Business Journal', 'business-finance'],
  ['{city} Commerce Quarterly', 'business-finance'],
  ['Active {city}', 'health-fitness'],
  ['{city} Health & Wellness', 'health-fitness'],
  ['{city} Luxe', 'luxury-travel'],
  ['Discover {city}', 'luxury-travel'],
  ['{city} Parent', 'family-parenting'],
  ['{city} Family', 'family-parenting'],
  ['{city} Outdoors', 'sports-outdoors'],
  ['{city} Sports Weekly', 'sports-outdoors'],
  ['{city} Arts & Culture', 'arts-culture'],
  ['{city} Scene', 'arts-culture'],
];

const ISSUE_MONTHS = Array.from({ length: 12 }, (_, i) => `2027/${String(i + 1).padStart(2, '0')}`);

const LIFESTYLE_NOUNS: Record<Lifestyle, string> = {
  'home-garden': 'home and garden',
  'food-dining': 'food and dining',
  'business-finance': 'business',
  'health-fitness': 'health and fitness',
  'luxury-travel': 'luxury and travel',
  'family-parenting': 'family',
  'sports-outdoors': 'sports and outdoors',
  'arts-culture': 'arts and culture',
};

/** Magazines: local titles everywhere, regional editions of national titles in the top 60 markets. */
export function printMagazines({ market, random, scale, code, inMarket }: MarketSeed): SeedMedia[] {
  const city = market.city;
  const locals = random.sample(LOCAL_TITLES, 5);
  const nationals = market.rank < 60 ? random.sample(NATIONAL_TITLES, 3) : [];
  const titles = [
    ...nationals.map(([title, lifestyle]) => [`${title}: ${city} edition`, lifestyle, true] as const),
    ...locals.map(([title, lifestyle]) => [title.replace('{city}', city), lifestyle, false] as const),
  ];
  return titles.map(([name, lifestyle, national], i) => {
    const circulation = Math.round(scale(national ? 12_000 : 6_000, national ? 160_000 : 90_000) / 100) * 100;
    return inMarket({
      mediacode: code('PM', i + 1),
      name,
      mediaType: 'printmag',
      partner: null,
      lifestyle,
      issue: random.pick(ISSUE_MONTHS),
      dateStart: null,
      unitPriceCents: money(Math.round((450 + circulation * random.int(3, 6) * 0.01) / 25) * 25),
      unitLabel: 'per full-page ad',
      reach: circulation,
      reachLabel: 'copies per issue',
      image: `/images/media/printmag-${(i % 3) + 1}.svg`,
      description: national
        ? `The ${city} regional edition: a full-page ad seen only by readers in the ${market.name} area.`
        : `A full-page ad in ${city}'s own ${LIFESTYLE_NOUNS[lifestyle]} magazine, mailed and sold locally.`,
    });
  });
}
