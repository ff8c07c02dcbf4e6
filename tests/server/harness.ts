import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { createApp } from '../../server/app';
import { BackgroundWork } from '../../server/background';
import { CatalogueIndex } from '../../server/catalogue/index';
import { readServerConfig, type ServerConfig } from '../../server/config';
import { type Database, openPglite, openPostgres } from '../../server/db/client';
import { openUploadStorage, type UploadStorage } from '../../server/files/storage';
import { jobHandlers } from '../../server/jobs/handlers';
import { inlineJobs } from '../../server/jobs/inlineJobs';
import type { Jobs } from '../../server/jobs/queue';
import { type Logger, silentLogger } from '../../server/log';
import type { PaymentGateway } from '../../server/payments/gateway';
import { stripeGateway } from '../../server/payments/stripeClient';
import type { PageRenderer } from '../../server/ssr/pageRenderer';
import type { StaticSite } from '../../server/static/site';
import { loadPgliteTemplate } from '../support/pgliteTemplate';
import { POSTGRES_TEMPLATE_DB } from './globalSetup';

export interface Harness {
  app: ReturnType<typeof createApp>;
  database: Database;
  catalogue: CatalogueIndex;
  config: ServerConfig;
  /** The app's after-answer work (account e-mails): tests wait for it instead of sleeping. */
  background: BackgroundWork;
  /** The app's jobs, run at once as after-answer work (`background.settled()` waits for them). */
  jobs: Jobs;
  /** Where the app keeps ad files. */
  storage: UploadStorage;
  close(): Promise<void>;
}

export interface HarnessOptions {
  site?: StaticSite;
  env?: NodeJS.ProcessEnv;
  clock?: () => Date;
  /** The app's logger (silent by default); tests that read the log lines pass one that keeps them. */
  logger?: Logger;
  /** Where ad files go; by default a folder of the harness's own, removed on close. */
  storage?: UploadStorage;
  /** Draws pages into their HTML (the build's server entry in production; a fake in tests). */
  renderPage?: PageRenderer;
  /** Issue 30: the app's and the jobs' Stripe, instead of the one its STRIPE_* settings make. */
  payments?: PaymentGateway | null;
}

/** A clock the test moves by hand, for expiry and rate-limit windows. */
export function manualClock(start = '2027-01-11T09:00:00Z') {
  let now = new Date(start).getTime();
  return {
    now: () => new Date(now),
    advance: (ms: number) => {
      now += ms;
    },
  };
}

/** The app on a database the test opened itself (`cleanup` runs once it is closed). */
export async function harnessOn(
  database: Database,
  options: HarnessOptions = {},
  cleanup: () => Promise<void> = async () => {},
): Promise<Harness> {
  // Each harness keeps its ad files in a folder of its own, never in the checkout's .data.
  const ownUploads = options.env?.UPLOADS_DIR ? null : await mkdtemp(path.join(tmpdir(), 'adlane-uploads-'));
  const config = readServerConfig({ ...options.env, ...(ownUploads ? { UPLOADS_DIR: ownUploads } : {}) });
  const catalogue = await CatalogueIndex.load(database.db);
  const background = new BackgroundWork();
  const storage = options.storage ?? (await openUploadStorage(config));
  const clock = options.clock ?? (() => new Date());
  const logger = options.logger ?? silentLogger();
  // Issue 30: the app and its jobs call the same Stripe (the tests' stand-in, or one given).
  const payments =
    options.payments !== undefined ? options.payments : config.stripe ? stripeGateway(config.stripe) : null;
  const jobs = inlineJobs(
    jobHandlers({
      db: database.db,
      config,
      clock,
      logger,
      storage: async () => storage,
      payments,
    }),
    background,
  );
  const app = createApp({
    db: database.db,
    readDb: database.readDb,
    config,
    catalogue,
    site: options.site,
    clock,
    background,
    logger,
    storage,
    renderPage: options.renderPage,
    jobs,
    payments,
  });
  return {
    app,
    background,
    jobs,
    storage,
    database,
    catalogue,
    config,
    close: async () => {
      await background.settled();
      await database.close();
      await cleanup();
      if (ownUploads) await rm(ownUploads, { recursive: true, force: true });
    },
  };
}

/** The app on its own copy of the seeded PGlite template. */
async function onPglite(options: HarnessOptions = {}): Promise<Harness> {
  const database = await openPglite({ instance: await loadPgliteTemplate(inject('pgliteTemplate')) });
  return harnessOn(database, options);
}

/** The app on a fresh PostgreSQL database cloned from the seeded template database. */
async function onPostgres(options: HarnessOptions = {}): Promise<Harness> {
  const serverUrl = inject('postgresUrl');
  if (!serverUrl) throw new Error('PostgreSQL is not running for this test run.');
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${POSTGRES_TEMPLATE_DB}`);
  await admin.end();
  const database = await openPostgres(serverUrl.replace(/\/postgres$/, `/${name}`), { poolMax: 4 });
  return harnessOn(database, options, async () => {
    const dropper = new pg.Client({ connectionString: serverUrl });
    await dropper.connect();
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  });
}

/** Every database the server tests run against: PGlite always, PostgreSQL when it is installed. */
type Driver = [name: string, open: (options?: HarnessOptions) => Promise<Harness>];
export const DRIVERS: Driver[] = [['PGlite', onPglite]];
if (inject('postgresUrl')) DRIVERS.push(['PostgreSQL', onPostgres]);

/** The parsed JSON envelope of a response. */
export async function json<T = unknown>(response: Response): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}
