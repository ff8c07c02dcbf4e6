import { RATE_CARD_MAX_OPTIONS, type RateCard } from '../../contract/adminCatalogue';
import type { Media } from '../../contract/media';

/** A noun in its two English forms, chosen by count. */
export interface Noun {
  one: string;
  other: string;
}

export const plural = (count: number, noun: Noun): string => (count === 1 ? noun.one : noun.other);

/**
 * How a media type is sold: what its dates are, which quantities it takes, and how the quantity
 * turns into priced units (a CTV price is per 10,000 impressions, a mailing's per 1,000 postcards).
 */
export interface SalesRule {
  kind: 'issues' | 'weeks' | 'none';
  /** The label of the quantity on the availability answer. */
  quantityLabel: string;
  min: number;
  max: number;
  step: number;
  maxDates: number;
  /** How many of the quantity make one priced unit. */
  perUnit: number;
  /** The quantity in a sentence ("10 spots per week"). */
  quantityNoun: Noun;
  /** One chosen date in a sentence ("3 weeks", "2 issues", "2 drops"). */
  dateNoun: Noun;
}

const WEEKS: Noun = { one: 'week', other: 'weeks' };

const MAILING: SalesRule = {
  kind: 'weeks',
  quantityLabel: 'postcards',
  min: 1_000,
  max: 50_000,
  step: 1_000,
  maxDates: 6,
  perUnit: 1_000,
  quantityNoun: { one: 'postcard per drop', other: 'postcards per drop' },
  dateNoun: { one: 'drop', other: 'drops' },
};

const RULES: Record<Media['media_type'], SalesRule> = {
  printmag: {
    kind: 'issues',
    quantityLabel: 'full-page ads per issue',
    min: 1,
    max: 3,
    step: 1,
    maxDates: 12,
    perUnit: 1,
    quantityNoun: { one: 'full-page ad per issue', other: 'full-page ads per issue' },
    dateNoun: { one: 'issue', other: 'issues' },
  },
  tv: {
    kind: 'weeks',
    quantityLabel: 'spots per week',
    min: 5,
    max: 50,
    step: 5,
    maxDates: 26,
    perUnit: 1,
    quantityNoun: { one: 'spot per week', other: 'spots per week' },
    dateNoun: WEEKS,
  },
  ctv: {
    kind: 'weeks',
    quantityLabel: 'impressions',
    min: 10_000,
    max: 200_000,
    step: 10_000,
    maxDates: 26,
    perUnit: 10_000,
    quantityNoun: { one: 'impression per week', other: 'impressions per week' },
    dateNoun: WEEKS,
  },
  dooh: {
    kind: 'weeks',
    quantityLabel: 'screens share (slots)',
    min: 1,
    max: 4,
    step: 1,
    maxDates: 26,
    perUnit: 1,
    quantityNoun: { one: 'slot in the screens’ rotation', other: 'slots in the screens’ rotation' },
    dateNoun: WEEKS,
  },
  digital: {
    kind: 'weeks',
    quantityLabel: 'campaign units',
    min: 1,
    max: 5,
    step: 1,
    maxDates: 26,
    perUnit: 1,
    quantityNoun: { one: 'campaign unit', other: 'campaign units' },
    dateNoun: WEEKS,
  },
  email: {
    kind: 'weeks',
    quantityLabel: 'blasts',
    min: 1,
    max: 1,
    step: 1,
    maxDates: 12,
    perUnit: 1,
    quantityNoun: { one: 'blast per week', other: 'blasts per week' },
    dateNoun: WEEKS,
  },
  // Every-door and audience-based direct mail sell the same way: postcards per drop.
  eddm: MAILING,
  abdm: MAILING,
  custom: {
    kind: 'none',
    quantityLabel: 'projects',
    min: 1,
    max: 5,
    step: 1,
    maxDates: 1,
    perUnit: 1,
    quantityNoun: { one: 'project', other: 'projects' },
    dateNoun: { one: 'date', other: 'dates' },
  },
};

export const salesRule = (type: Media['media_type']): SalesRule => RULES[type];

/** Mailings end with the in-home window of their drops rather than on a Sunday. */
export const isMailing = (type: Media['media_type']): boolean => type === 'eddm' || type === 'abdm';

/** Every quantity a rule allows: the multiples of its step from min to max. */
export function allowedQuantities(rule: SalesRule): number[] {
  const values: number[] = [];
  // A card stored before the contract bounded it still lists no more than the contract allows.
  for (let value = rule.min; value <= rule.max && values.length < RATE_CARD_MAX_OPTIONS; value += rule.step)
    values.push(value);
  return values;
}

/** Volume discount in percent for a number of dates: 5% from 4, 10% from 8. */
export const volumeDiscountPercent = (dates: number): number => (dates >= 8 ? 10 : dates >= 4 ? 5 : 0);

/** What the terms of one placement are read from: its channel and, when the back office set one, its rate card. */
export interface SoldPlacement {
  media_type: Media['media_type'];
  rateCard?: RateCard | null;
}

/** How one placement is sold: its channel's rule, with the quantities of its own rate card when it has one. */
export function saleTermsOf(placement: SoldPlacement): SalesRule {
  const rule = salesRule(placement.media_type);
  const card = placement.rateCard;
  return card ? { ...rule, min: card.min, max: card.max, step: card.step } : rule;
}

/**
 * The volume discount of a placement for a number of dates: its rate card's best step reached, or
 * the catalogue's 5% from 4 dates and 10% from 8 when it has no card.
 */
export function discountPercentOf(placement: SoldPlacement, dates: number): number {
  const card = placement.rateCard;
  if (!card) return volumeDiscountPercent(dates);
  return card.discounts.reduce(
    (best, step) => (dates >= step.from_dates && step.percent > best ? step.percent : best),
    0,
  );
}
