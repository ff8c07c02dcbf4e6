import { type AbdmQuote, mailingCostCents } from '../../contract/directMail';
import { mediacode as mediacodeSchema } from '../../contract/media';
import { formatCents, formatCount } from '../../contract/money';
import type { Placement } from '../catalogue/placement';
import { findPublishedMedia } from '../catalogue/published';
import type { NewCartItem } from '../checkout/cart';
import type { Db } from '../db/client';
import { invalidField } from '../http/body';
import { availabilityOf } from '../pricing/availability';
import type { ScheduleCalendar } from '../pricing/calendar';
import { chooseDates } from '../pricing/quote';
import type { DirectMailAreas } from './areas';
import {
  ABDM_RULES,
  type AbdmZipCount,
  abdmList,
  abdmZipCounts,
  listInWords,
  perThousandCents,
  zipProblems,
} from './campaigns';

/** An audience placement by code, or a 422 on mediacode. */
export async function abdmPlacement(db: Db, code: string): Promise<Placement> {
  const mediacode = code.toUpperCase();
  const item = mediacodeSchema.safeParse(mediacode).success ? await findPublishedMedia(db, mediacode) : null;
  if (!item)
    throw invalidField(
      'mediacode',
      `There is no placement with the code ${mediacode}. It may have been removed.`,
    );
  if (item.media_type !== 'abdm')
    throw invalidField('mediacode', `${item.name} is not audience mail. Choose an audience mailing list.`);
  return item;
}

/**
 * The zip codes of an audience campaign, checked: 1 to 50 known five-digit zip codes, in the market
 * of the list (a list is sold, and priced, for its market).
 */
export function checkedZipcodes(
  areas: DirectMailAreas,
  zipcodes: readonly string[],
  item: Placement,
): string[] {
  if (zipcodes.length === 0)
    throw invalidField('zipcodes', 'Enter the zip codes to mail, separated by commas.');
  if (zipcodes.length > ABDM_RULES.maximumZipcodes)
    throw invalidField(
      'zipcodes',
      `Choose at most ${ABDM_RULES.maximumZipcodes} zip codes for one mailing (you chose ${zipcodes.length}).`,
    );
  const { malformed, unknown } = zipProblems(areas, zipcodes);
  if (malformed.length > 0)
    throw invalidField(
      'zipcodes',
      `${listInWords(
        malformed.map((z) => `"${z.slice(0, 12)}"`),
        5,
      )} ${malformed.length === 1 ? 'is not a zip code' : 'are not zip codes'}: a zip code has five digits, like 60614.`,
    );
  if (unknown.length > 0)
    throw invalidField(
      'zipcodes',
      `We could not find the zip code${unknown.length === 1 ? '' : 's'} ${listInWords(unknown, 5)}. Check the digits and try again.`,
    );
  const elsewhere = zipcodes.filter((zip) => areas.zip(zip)?.prodcode !== item.prodcode);
  if (elsewhere.length > 0)
    throw invalidField(
      'zipcodes',
      `${listInWords(elsewhere, 5)} ${elsewhere.length === 1 ? 'is' : 'are'} outside the ${item.market} market of this list. Choose zip codes in it, or a list of their market.`,
    );
  return [...zipcodes];
}

/** The audience quote: matching households of each zip code and the price. */
export function abdmQuoteOf(
  areas: DirectMailAreas,
  item: Placement,
  zips: readonly string[],
  now: Date,
  calendar: ScheduleCalendar,
): AbdmQuote {
  const counts: AbdmZipCount[] = abdmZipCounts(areas, item, zips);
  const pieces = counts.reduce((sum, zip) => sum + zip.matching, 0);
  const perThousand = perThousandCents(item);
  const total = mailingCostCents(pieces, perThousand);
  return {
    mediacode: item.mediacode,
    list: abdmList(item),
    zipcodes: counts,
    pieces,
    per_thousand_cents: perThousand,
    total_cents: total,
    total_formatted: formatCents(total),
    minimum_pieces: ABDM_RULES.minimumPieces,
    meets_minimum: pieces >= ABDM_RULES.minimumPieces,
    drop_weeks: availabilityOf(item, now, calendar)
      .dated.filter((option) => option.problem === null)
      .map((option) => option.value),
  };
}

/** Why these zip codes cannot be ordered yet: the list's minimum and what they reach. */
export const belowMinimum = (pieces: number) =>
  `An audience mailing goes to at least ${formatCount(ABDM_RULES.minimumPieces)} households: these zip codes have ${formatCount(pieces)} on the list.`;

/**
 * The cart item of an audience campaign: the list and zip codes checked, the quote meeting the
 * minimum, for the chosen drop week.
 */
export async function abdmCampaignItem(
  db: Db,
  areas: DirectMailAreas,
  request: { mediacode: string; zipcodes: string[]; date_start: string },
  now: Date,
  calendar: ScheduleCalendar,
): Promise<{ item: NewCartItem; message: string }> {
  const item = await abdmPlacement(db, request.mediacode);
  const zips = checkedZipcodes(areas, request.zipcodes, item);
  const quote = abdmQuoteOf(areas, item, zips, now, calendar);
  if (!quote.meets_minimum) throw invalidField('zipcodes', `${belowMinimum(quote.pieces)} Add zip codes.`);
  const [drop] = chooseDates(item, [request.date_start], now, 'date_start', calendar);
  if (!drop) throw invalidField('date_start', 'Choose the week the mail goes out.');
  return {
    item: {
      mediacode: item.mediacode,
      dates: [drop.value],
      quantity: quote.pieces,
      priceCents: quote.total_cents,
      details: { kind: 'abdm', zipcodes: zips },
    },
    message: `${item.name} to ${listInWords(zips)} is in your cart.`,
  };
}
