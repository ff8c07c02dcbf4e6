import { type Context, Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import {
  type EddmArea,
  type EddmAreas,
  eddmAreaBody,
  eddmAreaPatch,
  eddmPieces,
} from '../../contract/directMail';
import { eddmAreaIdParam } from '../../contract/params';
import { can } from '../../contract/roles';
import type { Account } from '../data/accounts';
import {
  areaNameTaken,
  areasOfCompany,
  createArea,
  deleteArea,
  type EddmAreaRow,
  findArea,
  updateArea,
} from '../data/eddmAreas';
import { isUniqueViolation } from '../db/errors';
import { zipsOfRoutes } from '../directMail/campaigns';
import { checkedSelection } from '../directMail/eddmSelection';
import type { RouteSource } from '../directMail/routeSource';
import type { AppEnv } from '../env';
import { requireUser, signedInUser } from '../http/auth';
import { InvalidFields } from '../http/body';
import { limitDirectMailBody } from '../http/bodyLimits';
import { fail, ok } from '../http/envelope';
import { formBody, params } from '../http/validators';

const AREA_NOT_FOUND = 'Your company has no such saved area: it may have been deleted. Reload the list.';
const NOT_YOURS =
  'Only whoever saved this area, the owner or an admin of your company can rename, change or delete it.';
const nameTaken = (name: string) =>
  `Your company already has an area named "${name}". Choose another name, or rename that one first.`;

/** A body with no fields but those the schema names: a misspelt field is said, never quietly dropped. */
const onlyFields =
  (allowed: readonly string[]) =>
  (body: unknown): unknown => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
    if (unknown.length > 0)
      throw new InvalidFields(
        Object.fromEntries(unknown.map((key) => [key, `There is no field ${key}.`])),
        `An area has no field ${unknown.join(', ')}: send ${allowed.join(', ')}.`,
      );
    return body;
  };
const AREA_FIELDS = ['name', 'routes', 'residential_only'] as const;

/** Whoever saved an area may change it, and the owner and admins may change any. */
const mayChange = (account: Account, row: EddmAreaRow) =>
  row.createdBy === account.id || can(account.role, 'manageEddmAreas');

/**
 * A saved area with its routes' counts read now: routes no longer delivered are listed as missing.
 * When the route service cannot be read (503), the area is answered with its saved codes' zip codes
 * and no counts, so the team still sees, renames and deletes it.
 */
async function areaView(source: RouteSource, row: EddmAreaRow, account: Account): Promise<EddmArea> {
  let read: Awaited<ReturnType<RouteSource['routes']>> | null;
  try {
    read = await source.routes(row.routes);
  } catch (error) {
    if (!(error instanceof HTTPException && error.status === 503)) throw error;
    read = null;
  }
  const routes = read?.routes ?? [];
  return {
    id: row.id,
    name: row.name,
    routes,
    missing: read?.unknown ?? [],
    counts_unavailable: read === null,
    residential_only: row.residentialOnly,
    pieces: eddmPieces(routes, row.residentialOnly),
    zips: zipsOfRoutes(read ? routes.map((r) => r.routecode) : row.routes),
    created_by: row.createdByName,
    may_change: mayChange(account, row),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The area of the company with this id, as answered; 404 for anyone else's. */
async function answerArea(c: Context<AppEnv>, id: string, message = '') {
  const { account } = signedInUser(c);
  const row = await findArea(c.var.db, account.companyId, id);
  if (!row) return fail(c, 404, AREA_NOT_FOUND);
  return ok(c, await areaView(c.var.routes, row, account), {}, message);
}

const idParam = params({ id: eddmAreaIdParam });

/**
 * Saved every-door areas (issue 34): a company's named selections of carrier routes, shared with its
 * team. Everyone of the company lists, saves and uses them; whoever saved one, the owner and admins
 * rename, change or delete it. Another company's area is a 404, as one that never was. Names are
 * unique within a company, letter case aside (409).
 */
const NAME_TAKEN = Symbol('name taken');

/**
 * A write of an area, or NAME_TAKEN when the unique index on the company's names refused it: the
 * route's check before it cannot see a save made at the same moment.
 */
async function unlessNameTaken<T>(write: () => Promise<T>): Promise<T | typeof NAME_TAKEN> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) return NAME_TAKEN;
    throw error;
  }
}

export const eddmAreaRoutes = new Hono<AppEnv>()
  .use(limitDirectMailBody)
  .use(requireUser)
  .get('/', async (c) => {
    const { account } = signedInUser(c);
    const rows = await areasOfCompany(c.var.db, account.companyId);
    // One area at a time (each reads a few zip codes at once): a company's many areas on a cold
    // cache do not fan out into as many calls to the route service.
    const areas: EddmArea[] = [];
    for (const row of rows) areas.push(await areaView(c.var.routes, row, account));
    const answer: EddmAreas = { areas };
    return ok(c, answer);
  })
  .get('/:id', idParam, (c) => answerArea(c, c.req.valid('param').id))
  .post('/', formBody(eddmAreaBody, onlyFields(AREA_FIELDS)), async (c) => {
    const body = c.req.valid('form');
    const { account } = signedInUser(c);
    const selection = await checkedSelection(c.var.routes, body);
    // The unique index on the company's names decides (a double-click, a teammate at the same moment).
    const id = await unlessNameTaken(() =>
      createArea(
        c.var.db,
        { companyId: account.companyId, name: body.name, ...selection, createdBy: account.id },
        c.var.clock(),
      ),
    );
    if (id === NAME_TAKEN) return fail(c, 409, nameTaken(body.name));
    c.var.log.info({ area: id, by: account.id }, 'every-door area saved');
    return answerArea(c, id, `"${body.name}" is saved for your team.`);
  })
  .patch('/:id', idParam, formBody(eddmAreaPatch, onlyFields(AREA_FIELDS)), async (c) => {
    const { id } = c.req.valid('param');
    const patch = c.req.valid('form');
    const { account } = signedInUser(c);
    const db = c.var.db;
    const row = await findArea(db, account.companyId, id);
    if (!row) return fail(c, 404, AREA_NOT_FOUND);
    if (!mayChange(account, row)) return fail(c, 403, NOT_YOURS);
    if (patch.name !== undefined && (await areaNameTaken(db, account.companyId, patch.name, id)))
      return fail(c, 409, nameTaken(patch.name));
    const routes =
      patch.routes === undefined
        ? undefined
        : (
            await checkedSelection(c.var.routes, {
              routes: patch.routes,
              residential_only: patch.residential_only ?? row.residentialOnly,
            })
          ).routes;
    const change = { name: patch.name, routes, residentialOnly: patch.residential_only };
    const updated = await unlessNameTaken(() => updateArea(db, account.companyId, id, change, c.var.clock()));
    if (updated === NAME_TAKEN) return fail(c, 409, nameTaken(patch.name ?? row.name));
    if (!updated) return fail(c, 404, AREA_NOT_FOUND);
    // No column says who changed it last: the request log does.
    c.var.log.info({ area: id, by: account.id }, 'every-door area changed');
    return answerArea(c, id, `"${patch.name ?? row.name}" is saved.`);
  })
  .delete('/:id', idParam, async (c) => {
    const { id } = c.req.valid('param');
    const { account } = signedInUser(c);
    const row = await findArea(c.var.db, account.companyId, id);
    if (!row) return fail(c, 404, AREA_NOT_FOUND);
    if (!mayChange(account, row)) return fail(c, 403, NOT_YOURS);
    if (!(await deleteArea(c.var.db, account.companyId, id))) return fail(c, 404, AREA_NOT_FOUND);
    c.var.log.info({ area: id, by: account.id }, 'every-door area deleted');
    return ok(c, null, {}, `"${row.name}" is deleted.`);
  });
