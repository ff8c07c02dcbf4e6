import { formatCount } from '../../../../contract/money';
import { Random } from '../random';
import { type Lifestyle, money, type SeedMedia, weeklySchedule } from './common';

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

/** Dedicated e-mail blasts, national (no market): each list in a regional and a national size. */
export function emailLists(): SeedMedia[] {
  const random = new Random('media:national');
  return EMAIL_LISTS.flatMap(([list, lifestyle], i) =>
    (
      [
        [random.int(40, 140) * 1000, 'Regional'],
        [random.int(300, 1_800) * 1000, 'National'],
      ] as const
    ).map(([size, variant]) => ({
      mediacode: `EM-${String(i + 1).padStart(2, '0')}${variant[0]}`,
      name: `Dedicated e-mail blast: ${list} (${variant})`,
      mediaType: 'email' as const,
      partner: null,
      prodcode: null,
      lifestyle,
      schedule: weeklySchedule(random),
      unitPriceCents: money(Math.round((size * random.int(18, 32)) / 1000 / 50) * 50),
      unitLabel: 'per blast',
      reach: size,
      reachLabel: 'opted-in subscribers',
      image: `/images/media/email-${(i % 3) + 1}.svg`,
      description: `Your own e-mail, sent once to ${formatCount(size)} opted-in ${list.toLowerCase()}.`,
    })),
  );
}
