import type { Schedule } from '../../../pricing/schedule';
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

/**
 * A magazine's publishing calendar and its sold-out issues, from one draw of 0–11 (where the seed has
 * always drawn, once an issue month of 2027, so every later draw is what it was):
 * - how often: the regional editions of national titles and "Weekly" titles (sold by the month) every
 *   month, "Quarterly" titles four times a year; other local titles every month for draws 0–5, every
 *   other month for 6–8, four times a year for 9–11;
 * - which months: from month (draw mod how often) + 1, every how often months (a draw of 7, every other
 *   month: February, April... December);
 * - sold out every year: a monthly's December (holiday) issue and its month (draw mod 11) + 1; one
 *   issue of the others: its month number (draw mod issues a year) in its calendar, counting from 0.
 */
export function magazineSchedule(draw: number, name: string, national: boolean): Schedule {
  const every =
    national || name.includes('Weekly')
      ? 1
      : name.includes('Quarterly')
        ? 3
        : draw < 6
          ? 1
          : draw < 9
            ? 2
            : 3;
  const first = (draw % every) + 1;
  const issueMonths = Array.from({ length: 12 / every }, (_, i) => first + i * every);
  const soldOutMonths = every === 1 ? [(draw % 11) + 1, 12] : [first + (draw % (12 / every)) * every];
  return { kind: 'issues', issueMonths, soldOutMonths };
}

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
      schedule: magazineSchedule(random.int(0, 11), name, national),
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
