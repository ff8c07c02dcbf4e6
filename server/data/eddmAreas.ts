import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { eddmAreas, users } from '../db/schema';

/** A saved area as stored, with the name of whoever saved it (null once that account is gone). */
export interface EddmAreaRow {
  id: string;
  companyId: number;
  name: string;
  routes: string[];
  residentialOnly: boolean;
  createdBy: string | null;
  createdByName: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const columns = {
  id: eddmAreas.id,
  companyId: eddmAreas.companyId,
  name: eddmAreas.name,
  routes: eddmAreas.routes,
  residentialOnly: eddmAreas.residentialOnly,
  createdBy: eddmAreas.createdBy,
  createdByName: sql<string | null>`${users.firstname} || ' ' || ${users.lastname}`,
  createdAt: eddmAreas.createdAt,
  updatedAt: eddmAreas.updatedAt,
};

const selectAreas = (db: Db) =>
  db.select(columns).from(eddmAreas).leftJoin(users, eq(users.id, eddmAreas.createdBy));

/** The company's areas, the most recently changed first. */
export const areasOfCompany = (db: Db, companyId: number): Promise<EddmAreaRow[]> =>
  selectAreas(db)
    .where(eq(eddmAreas.companyId, companyId))
    .orderBy(desc(eddmAreas.updatedAt), desc(eddmAreas.createdAt));

/** One area of the company; null for an id of another company's area as for one nobody has. */
export async function findArea(db: Db, companyId: number, id: string): Promise<EddmAreaRow | null> {
  const [row] = await selectAreas(db)
    .where(and(eq(eddmAreas.id, id), eq(eddmAreas.companyId, companyId)))
    .limit(1);
  return row ?? null;
}

/** Whether another area of the company already has this name (letter case aside). */
export async function areaNameTaken(
  db: Db,
  companyId: number,
  name: string,
  exceptId?: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: eddmAreas.id })
    .from(eddmAreas)
    .where(
      and(
        eq(eddmAreas.companyId, companyId),
        sql`lower(${eddmAreas.name}) = lower(${name})`,
        exceptId ? ne(eddmAreas.id, exceptId) : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function createArea(
  db: Db,
  area: { companyId: number; name: string; routes: string[]; residentialOnly: boolean; createdBy: string },
  now: Date,
): Promise<string> {
  const [row] = await db
    .insert(eddmAreas)
    .values({ ...area, createdAt: now, updatedAt: now })
    .returning({ id: eddmAreas.id });
  if (!row) throw new Error('The area was not saved.');
  return row.id;
}

/** Changes an area of the company; false when the company has no such area. */
export async function updateArea(
  db: Db,
  companyId: number,
  id: string,
  change: { name?: string; routes?: string[]; residentialOnly?: boolean },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(eddmAreas)
    .set({ ...change, updatedAt: now })
    .where(and(eq(eddmAreas.id, id), eq(eddmAreas.companyId, companyId)))
    .returning({ id: eddmAreas.id });
  return rows.length > 0;
}

/** Deletes an area of the company; false when the company has no such area. */
export async function deleteArea(db: Db, companyId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(eddmAreas)
    .where(and(eq(eddmAreas.id, id), eq(eddmAreas.companyId, companyId)))
    .returning({ id: eddmAreas.id });
  return rows.length > 0;
}
