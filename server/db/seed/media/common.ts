import type { DigitalPartner, LifestyleValue, MediaType } from '../../../../contract/mediaTypes';
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
  issue: string | null;
  dateStart: string | null;
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
 * Mondays from 4 January 2027: flights start on the first day of a week (weeks start Monday).
 */
export const START_MONDAYS = Array.from({ length: 40 }, (_, i) => {
  const date = new Date(Date.UTC(2027, 0, 4 + i * 7));
  return date.toISOString().slice(0, 10);
});

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
