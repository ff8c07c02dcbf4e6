import type { DigitalPartner, LifestyleValue, MediaType } from '../../../../contract/mediaTypes';
import type { Schedule } from '../../../pricing/schedule';
import type { SeedMarket } from '../geography';
import type { Random } from '../random';

/** One placement of the seeded catalogue, as the media table stores it. */
export interface SeedMedia {
  mediacode: string;
  name: string;
  mediaType: MediaType;
  partner: DigitalPartner | null;
  prodcode: string | null;
  lifestyle: Exclude<LifestyleValue, 'all'>;
  /** Rules, not dates: the dates on sale follow the clock (server/pricing/schedule.ts). */
  schedule: Schedule;
  unitPriceCents: number;
  unitLabel: string;
  reach: number;
  reachLabel: string;
  image: string;
  description: string;
}

export type Lifestyle = SeedMedia['lifestyle'];

/**
 * What a channel's generator knows of the market it fills. Every channel of a market draws from the
 * market's one random sequence, in a fixed order, so the catalogue is the same on every machine.
 */
export interface MarketSeed {
  market: SeedMarket;
  random: Random;
  /** A value between min and max, by the market's size with some spread: larger markets cost more. */
  scale(min: number, max: number): number;
  /** The placement code of a channel's nth placement in this market: PM501-01. */
  code(prefix: string, n: number): string;
  /** A placement of this market. */
  inMarket(base: Omit<SeedMedia, 'prodcode'>): SeedMedia;
}

/**
 * The schedule of a placement sold by the week: one week in 5 to 8 sold out, at an offset, from one
 * draw of 0–39 of the market's random sequence. The seed has always drawn here (a start date among
 * 40 Mondays, before the catalogue rolled with the clock), so every later draw, and with it every
 * price and reach, is what it was.
 */
export function weeklySchedule(random: Random): Schedule {
  const draw = random.int(0, 39);
  const every = 5 + (draw % 4);
  return { kind: 'weeks', soldOutEvery: every, soldOutOffset: Math.floor(draw / 4) % every };
}

export const money = (dollars: number) => Math.round(dollars * 100);

/** Audiences of streaming TV and of Google display campaigns. */
export const AUDIENCES: ReadonlyArray<[string, Lifestyle]> = [
  ['Home improvers', 'home-garden'],
  ['Foodies', 'food-dining'],
  ['Business decision makers', 'business-finance'],
  ['Health-conscious adults', 'health-fitness'],
  ['Affluent travellers', 'luxury-travel'],
  ['Parents of young children', 'family-parenting'],
  ['Sports fans', 'sports-outdoors'],
  ['Arts & entertainment lovers', 'arts-culture'],
];
