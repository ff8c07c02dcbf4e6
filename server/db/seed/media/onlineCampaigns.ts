import type { DigitalPartner } from '../../../../contract/mediaTypes';
import { AUDIENCES, type Lifestyle, type MarketSeed, money, type SeedMedia, weeklySchedule } from './common';

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

/** Name, partner, lifestyle, price (dollars), unit and description of one online campaign. */
type Campaign = [string, DigitalPartner, Lifestyle, number, string, string];

/** Online: two Google campaigns and two GroundTruth campaigns. */
export function onlineCampaigns({ random, scale, code, inMarket }: MarketSeed): SeedMedia[] {
  const [audience, audienceLifestyle] = random.pick(AUDIENCES);
  const fences = random.sample(GEOFENCES, 2);
  const campaigns: Campaign[] = [
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
    ...fences.map(
      ([place, lifestyle]): Campaign => [
        `GroundTruth geofencing: ${place}`,
        'groundtruth',
        lifestyle,
        random.price(90, 190, 5),
        'per 10,000 impressions',
        `Mobile ads for people who visited ${place} in the market, measured by store visits.`,
      ],
    ),
  ];
  return campaigns.map(([name, partner, lifestyle, price, unitLabel, description], i) =>
    inMarket({
      mediacode: code(partner === 'google' ? 'GG' : 'GT', i + 1),
      name,
      mediaType: 'digital',
      partner,
      lifestyle,
      schedule: weeklySchedule(random),
      unitPriceCents: money(price),
      unitLabel,
      reach: Math.round(scale(50_000, 2_000_000) / 1000) * 1000,
      reachLabel: 'monthly impressions',
      image: `/images/media/${partner === 'google' ? 'google' : 'gt'}-${(i % 3) + 1}.svg`,
      description,
    }),
  );
}
