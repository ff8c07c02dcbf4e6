import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { SPEC_SHEETS } from '../content/specSheets';
import type { Db } from '../db/client';
import { adFiles, cartItems, fileRuns, media, orders, users } from '../db/schema';

/** The library's filters (issue 33): a placement's name, a spec sheet's slug, who uploaded the file. */
export interface LibraryFilter {
  placement?: string;
  sheet?: string;
  person?: string;
}

/** What the filters offer: only placements, sheets and people that some file of the company has. */
export interface LibraryChoices {
  placements: string[];
  sheets: { slug: string; title: string }[];
  people: { id: string; name: string }[];
}

/** A file serving a run of an order of the placement so named (as a run shows its placement). */
const servesPlacement = (name: string) => sql`exists (select 1 from ${fileRuns}
  join ${orders} on ${orders.id} = ${fileRuns.orderId}
  join ${cartItems} on ${cartItems.id} = ${orders.cartItemId}
  join ${media} on ${media.mediacode} = ${cartItems.mediacode}
  where ${fileRuns.fileId} = ${adFiles.id} and ${media.name} = ${name})`;

/**
 * The conditions on `ad_files` that keep the files the filters ask for; none for an empty filter.
 * A placement keeps a file serving any run of an order of that placement.
 */
export function libraryConditions(filter: LibraryFilter): SQL[] {
  const where: SQL[] = [];
  if (filter.placement) where.push(servesPlacement(filter.placement));
  if (filter.sheet) where.push(eq(adFiles.sheet, filter.sheet));
  if (filter.person) where.push(eq(adFiles.uploadedBy, filter.person));
  return where;
}

const titleOf = (slug: string) => SPEC_SHEETS.find((sheet) => sheet.slug === slug)?.title ?? slug;

/** The choices of the company's filters, each sorted for a person to scan. */
export async function libraryChoices(db: Db, companyId: number): Promise<LibraryChoices> {
  const ofCompany = eq(adFiles.companyId, companyId);
  const placements = await db
    .selectDistinct({ name: media.name })
    .from(fileRuns)
    .innerJoin(adFiles, eq(adFiles.id, fileRuns.fileId))
    .innerJoin(orders, eq(orders.id, fileRuns.orderId))
    .innerJoin(cartItems, eq(cartItems.id, orders.cartItemId))
    .innerJoin(media, eq(media.mediacode, cartItems.mediacode))
    .where(ofCompany)
    .orderBy(asc(media.name));
  const sheets = await db
    .selectDistinct({ slug: adFiles.sheet })
    .from(adFiles)
    .where(and(ofCompany, isNotNull(adFiles.sheet)));
  const people = await db
    .selectDistinct({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(adFiles)
    .innerJoin(users, eq(users.id, adFiles.uploadedBy))
    .where(ofCompany);
  return {
    placements: placements.map((row) => row.name),
    sheets: sheets
      .flatMap((row) => (row.slug ? [{ slug: row.slug, title: titleOf(row.slug) }] : []))
      .sort((a, b) => a.title.localeCompare(b.title)),
    people: people
      .map((row) => ({ id: row.id, name: `${row.firstname} ${row.lastname}`.trim() }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}
