import { type Lifestyle, type MarketSeed, money, type SeedMedia, weeklySchedule } from './common';

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

const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

/**
 * Linear TV: four to six stations; call signs start with W east of the Mississippi, K west of it, and
 * are unique nationwide (`callSigns` holds those of the markets before).
 */
export function tvStations(
  { market, random, scale, code, inMarket }: MarketSeed,
  callSigns: Set<string>,
): SeedMedia[] {
  const stationCount = market.rank < 50 ? 6 : market.rank < 120 ? 5 : 4;
  return random.sample(NETWORKS, stationCount).map(([network, lifestyle], i) => {
    let sign = '';
    do {
      sign = `${market.longitude > -90 ? 'W' : 'K'}${random.pick(LETTERS)}${random.pick(LETTERS)}${random.pick(LETTERS)}`;
    } while (callSigns.has(sign));
    callSigns.add(sign);
    const households = Math.round((market.households * random.int(18, 42)) / 100);
    return inMarket({
      mediacode: code('TV', i + 1),
      name: `${sign}-TV ${random.int(2, 69)} (${network})`,
      mediaType: 'tv',
      partner: null,
      lifestyle,
      schedule: weeklySchedule(random),
      unitPriceCents: money(Math.round(scale(120, 4_800) / 10) * 10),
      unitLabel: 'per 30-second spot',
      reach: households,
      reachLabel: 'TV households',
      image: `/images/media/tv-${(i % 3) + 1}.svg`,
      description: `A 30-second spot on the ${network} station serving ${market.name}, in the daypart of your choice.`,
    });
  });
}
