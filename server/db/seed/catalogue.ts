import type { DigitalPartner, LifestyleValue, MediaType } from '../../../contract/mediaTypes';
import type { SeedMarket } from './geography';
import { Random } from './random';

export interface SeedMedia {
  mediacode: string;
  name: string;
  mediaType: MediaType;
  partner: DigitalPartner | null;
  prodcode: string | null;
  lifestyle: Exclude<LifestyleValue, 'all'>;
  issue: string | null;
  dateStart: string | null;
  unitPriceCents: number;
  unitLabel: string;
  reach: number;
  reachLabel: string;
  image: string;
  description: string;
}

type Lifestyle = SeedMedia['lifestyle'];

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

const NETWORKS: ReadonlyArray<[string, Lifestyle]> = [
  ['NBC', 'arts-culture'],
  ['CBS', 'business-finance'],
  ['ABC', 'family-parenting'],
  ['FOX', 'sports-outdoors'],
  ['CW', 'arts-culture'],
  ['Telemundo', 'family-parenting'],
  ['Univision', 'family-parenting'],
  ['MyNetworkTV', 'arts-culture'],
];

const AUDIENCES: ReadonlyArray<[string, Lifestyle]> = [
  ['Home improvers', 'home-garden'],
  ['Foodies', 'food-dining'],
  ['Business decision makers', 'business-finance'],
  ['Health-conscious adults', 'health-fitness'],
  ['Affluent travellers', 'luxury-travel'],
  ['Parents of young children', 'family-parenting'],
  ['Sports fans', 'sports-outdoors'],
  ['Arts & entertainment lovers', 'arts-culture'],
];

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

const GEOFENCES: ReadonlyArray<[string, Lifestyle]> = [
  ['home improvement stores', 'home-garden'],
  ['quick-service restaurants', 'food-dining'],
  ['business parks', 'business-finance'],
  ['fitness centers', 'health-fitness'],
  ['hotels & resorts', 'luxury-travel'],
  ['schools & daycares', 'family-parenting'],
  ['golf courses & sporting goods stores', 'sports-outdoors'],
  ['museums & theaters', 'arts-culture'],
];

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

const EMAIL_LISTS: ReadonlyArray<[string, Lifestyle]> = [
  ['Home improvers', 'home-garden'],
  ['Gardeners', 'home-garden'],
  ['Home cooks', 'food-dining'],
  ['Wine lovers', 'food-dining'],
  ['Small-business owners', 'business-finance'],
  ['C-suite executives', 'business-finance'],
  ['Investors', 'business-finance'],
  ['Runners', 'health-fitness'],
  ['Yoga & wellness', 'health-fitness'],
  ['Luxury travellers', 'luxury-travel'],
  ['Cruise & resort travellers', 'luxury-travel'],
  ['Parents of toddlers', 'family-parenting'],
  ['Parents of teens', 'family-parenting'],
  ['Golfers', 'sports-outdoors'],
  ['Hunters & anglers', 'sports-outdoors'],
  ['Theater goers', 'arts-culture'],
  ['Music fans', 'arts-culture'],
];

const DESIGN_SERVICES: ReadonlyArray<[string, number, string]> = [
  [
    'Ad design: magazine full page',
    349,
    'Our designers build a print-ready full-page ad from your logo, photos and offer.',
  ],
  ['Ad design: magazine half page', 249, 'A print-ready half-page ad, two rounds of changes included.'],
  [
    'Ad design: digital banner set',
    299,
    'Banners in the five standard display sizes, static or animated, ready for Google and GroundTruth.',
  ],
  [
    'Ad design: postcard (6.25 × 9 in)',
    199,
    'Both sides of an every-door or audience mail postcard, print-ready.',
  ],
  [
    'Video ad: 15-second spot',
    1_200,
    'A 15-second spot from your footage or stock, with voice-over and captions.',
  ],
  ['Video ad: 30-second spot', 1_900, 'A 30-second spot for linear TV or streaming, broadcast-ready.'],
  ['Billboard & screen design', 249, 'Artwork sized for digital billboards and indoor screen networks.'],
  [
    'E-mail template design',
    279,
    'A responsive HTML e-mail for a dedicated blast, tested in major mail apps.',
  ],
];

const ISSUE_MONTHS = Array.from({ length: 12 }, (_, i) => `2027/${String(i + 1).padStart(2, '0')}`);
/** Mondays from 4 January 2027: flights start on the first day of a week (weeks start Monday). */
const START_MONDAYS = Array.from({ length: 40 }, (_, i) => {
  const date = new Date(Date.UTC(2027, 0, 4 + i * 7));
  return date.toISOString().slice(0, 10);
});

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const money = (dollars: number) => Math.round(dollars * 100);

/**
 * Builds the catalogue: for every market its magazines, TV stations, streaming audiences, screen
 * networks, online campaigns and mailings; plus the national e-mail lists and design services.
 * The same markets always give the same catalogue.
 */
export function buildCatalogue(markets: readonly SeedMarket[]): SeedMedia[] {
  const items: SeedMedia[] = [];
  const callSigns = new Set<string>();

  for (const market of markets) {
    const random = new Random(`media:${market.prodcode}`);
    const size = 1 - market.rank / markets.length; // 1 for the largest market, ~0 for the smallest
    const scale = (min: number, max: number) => min + (max - min) * size * (0.75 + random.next() * 0.25);
    const code = (prefix: string, n: number) =>
      `${prefix}${market.prodcode.slice(3)}-${String(n).padStart(2, '0')}`;
    const city = market.city;
    const withMarket = (base: Omit<SeedMedia, 'prodcode'>): SeedMedia => ({
      ...base,
      prodcode: market.prodcode,
    });

    // Magazines: local titles everywhere, regional editions of national titles in the top 60 markets.
    const locals = random.sample(LOCAL_TITLES, 5);
    const nationals = market.rank < 60 ? random.sample(NATIONAL_TITLES, 3) : [];
    const titles = [
      ...nationals.map(([title, lifestyle]) => [`${title}: ${city} edition`, lifestyle, true] as const),
      ...locals.map(([title, lifestyle]) => [title.replace('{city}', city), lifestyle, false] as const),
    ];
    titles.forEach(([name, lifestyle, national], i) => {
      const circulation =
        Math.round(scale(national ? 12_000 : 6_000, national ? 160_000 : 90_000) / 100) * 100;
      items.push(
        withMarket({
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
            : `A full-page ad in ${city}'s own ${lifestyleNoun(lifestyle)} magazine, mailed and sold locally.`,
        }),
      );
    });

    // Linear TV: four to six stations; call signs start with W east of the Mississippi, K west of it.
    const stationCount = market.rank < 50 ? 6 : market.rank < 120 ? 5 : 4;
    random.sample(NETWORKS, stationCount).forEach(([network, lifestyle], i) => {
      let sign = '';
      do {
        sign = `${market.longitude > -90 ? 'W' : 'K'}${random.pick([...LETTERS])}${random.pick([...LETTERS])}${random.pick([...LETTERS])}`;
      } while (callSigns.has(sign));
      callSigns.add(sign);
      const households = Math.round((market.households * random.int(18, 42)) / 100);
      items.push(
        withMarket({
          mediacode: code('TV', i + 1),
          name: `${sign}-TV ${random.int(2, 69)} (${network})`,
          mediaType: 'tv',
          partner: null,
          lifestyle,
          issue: null,
          dateStart: random.pick(START_MONDAYS),
          unitPriceCents: money(Math.round(scale(120, 4_800) / 10) * 10),
          unitLabel: 'per 30-second spot',
          reach: households,
          reachLabel: 'TV households',
          image: `/images/media/tv-${(i % 3) + 1}.svg`,
          description: `A 30-second spot on the ${network} station serving ${market.name}, in the daypart of your choice.`,
        }),
      );
    });

    // Connected TV: three streaming audiences.
    random.sample(AUDIENCES, 3).forEach(([audience, lifestyle], i) => {
      items.push(
        withMarket({
          mediacode: code('CT', i + 1),
          name: `Streaming TV: ${audience}`,
          mediaType: 'ctv',
          partner: null,
          lifestyle,
          issue: null,
          dateStart: random.pick(START_MONDAYS),
          unitPriceCents: money(random.price(280, 620, 10)),
          unitLabel: 'per 10,000 impressions',
          reach: Math.round((market.households * random.int(8, 22)) / 100),
          reachLabel: 'streaming households',
          image: `/images/media/ctv-${(i % 3) + 1}.svg`,
          description: `Full-screen, non-skippable ads on streaming apps and smart TVs, shown to ${audience.toLowerCase()} in ${market.name}.`,
        }),
      );
    });

    // Digital out-of-home: four to six screen networks.
    random.sample(SCREEN_NETWORKS, market.rank < 80 ? 6 : 4).forEach(([network, lifestyle, min, max], i) => {
      items.push(
        withMarket({
          mediacode: code('DO', i + 1),
          name: `${network}`,
          mediaType: 'dooh',
          partner: null,
          lifestyle,
          issue: null,
          dateStart: random.pick(START_MONDAYS),
          unitPriceCents: money(Math.round(scale(min, max) / 25) * 25),
          unitLabel: 'per week',
          reach: Math.round(scale(20_000, 900_000) / 1000) * 1000,
          reachLabel: 'impressions per week',
          image: `/images/media/dooh-${(i % 3) + 1}.svg`,
          description: `Your ad in rotation on ${network.toLowerCase()} across the ${market.name} market for a week.`,
        }),
      );
    });

    // Online: two Google campaigns and two GroundTruth campaigns.
    const [audience, audienceLifestyle] = random.pick(AUDIENCES);
    const fences = random.sample(GEOFENCES, 2);
    const online: Array<[string, DigitalPartner, Lifestyle, number, string, string]> = [
      [
        `Google Display: ${audience}`,
        'google',
        audienceLifestyle,
        random.price(125, 625, 5),
        'per week',
        'Image and responsive ads across millions of sites and apps, aimed at people in the market.',
      ],
      [
        'Google Search: local intent',
        'google',
        'business-finance',
        random.price(190, 750, 5),
        'per week',
        'Text ads shown when people nearby search for what you sell.',
      ],
      ...fences.map(([place, lifestyle]): [string, DigitalPartner, Lifestyle, number, string, string] => [
        `GroundTruth geofencing: ${place}`,
        'groundtruth',
        lifestyle,
        random.price(90, 190, 5),
        'per 10,000 impressions',
        `Mobile ads for people who visited ${place} in the market, measured by store visits.`,
      ]),
    ];
    online.forEach(([name, partner, lifestyle, price, unitLabel, description], i) => {
      items.push(
        withMarket({
          mediacode: code(partner === 'google' ? 'GG' : 'GT', i + 1),
          name,
          mediaType: 'digital',
          partner,
          lifestyle,
          issue: null,
          dateStart: random.pick(START_MONDAYS),
          unitPriceCents: money(price),
          unitLabel,
          reach: Math.round(scale(50_000, 2_000_000) / 1000) * 1000,
          reachLabel: 'monthly impressions',
          image: `/images/media/${partner === 'google' ? 'google' : 'gt'}-${(i % 3) + 1}.svg`,
          description,
        }),
      );
    });

    // Every-door direct mail: every household on the carrier routes you pick.
    items.push(
      withMarket({
        mediacode: code('ED', 1),
        name: `Every Door Direct Mail: ${city} area routes`,
        mediaType: 'eddm',
        partner: null,
        lifestyle: 'home-garden',
        issue: null,
        dateStart: random.pick(START_MONDAYS),
        unitPriceCents: money(random.price(329, 449, 1)),
        unitLabel: 'per 1,000 postcards',
        reach: market.households,
        reachLabel: 'households on the routes',
        image: `/images/media/eddm-${(market.rank % 3) + 1}.svg`,
        description: `A 6.25 × 9 in postcard printed and delivered to every address on the ${city} carrier routes you choose.`,
      }),
    );

    // Audience-based direct mail: two mailing lists.
    random.sample(MAIL_AUDIENCES, 2).forEach(([list, lifestyle], i) => {
      items.push(
        withMarket({
          mediacode: code('AB', i + 1),
          name: `Audience mail: ${list}`,
          mediaType: 'abdm',
          partner: null,
          lifestyle,
          issue: null,
          dateStart: random.pick(START_MONDAYS),
          unitPriceCents: money(random.price(520, 890, 5)),
          unitLabel: 'per 1,000 postcards',
          reach: Math.round((market.households * random.int(3, 12)) / 100),
          reachLabel: 'matching households',
          image: `/images/media/abdm-${(i % 3) + 1}.svg`,
          description: `A postcard mailed only to ${list.toLowerCase()} in the zip codes you choose around ${city}.`,
        }),
      );
    });
  }

  // National placements: e-mail lists and design services are not tied to a market.
  const national = new Random('media:national');
  EMAIL_LISTS.forEach(([list, lifestyle], i) => {
    for (const [size, variant] of [
      [national.int(40, 140) * 1000, 'Regional'],
      [national.int(300, 1_800) * 1000, 'National'],
    ] as const) {
      items.push({
        mediacode: `EM-${String(i + 1).padStart(2, '0')}${variant[0]}`,
        name: `Dedicated e-mail blast: ${list} (${variant})`,
        mediaType: 'email',
        partner: null,
        prodcode: null,
        lifestyle,
        issue: null,
        dateStart: national.pick(START_MONDAYS),
        unitPriceCents: money(Math.round((size * national.int(18, 32)) / 1000 / 50) * 50),
        unitLabel: 'per blast',
        reach: size,
        reachLabel: 'opted-in subscribers',
        image: `/images/media/email-${(i % 3) + 1}.svg`,
        description: `Your own e-mail, sent once to ${size.toLocaleString('en-US')} opted-in ${list.toLowerCase()}.`,
      });
    }
  });
  DESIGN_SERVICES.forEach(([name, price, description], i) => {
    items.push({
      mediacode: `CU-${String(i + 1).padStart(2, '0')}`,
      name,
      mediaType: 'custom',
      partner: null,
      prodcode: null,
      lifestyle: 'arts-culture',
      issue: null,
      dateStart: null,
      unitPriceCents: money(price),
      unitLabel: 'per project',
      reach: 0,
      reachLabel: 'design service',
      image: `/images/media/custom-${(i % 3) + 1}.svg`,
      description,
    });
  });

  return items;
}

function lifestyleNoun(lifestyle: Lifestyle): string {
  const nouns: Record<Lifestyle, string> = {
    'home-garden': 'home and garden',
    'food-dining': 'food and dining',
    'business-finance': 'business',
    'health-fitness': 'health and fitness',
    'luxury-travel': 'luxury and travel',
    'family-parenting': 'family',
    'sports-outdoors': 'sports and outdoors',
    'arts-culture': 'arts and culture',
  };
  return nouns[lifestyle];
}
