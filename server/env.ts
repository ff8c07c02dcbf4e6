import type { StaffMember } from '../contract/staff';
import type { BackgroundWork } from './background';
import type { CatalogueIndex } from './catalogue/index';
import type { ServerConfig } from './config';
import type { Account } from './data/accounts';
import type { Db } from './db/client';
import type { RouteSource } from './directMail/routeSource';
import type { UploadStorage } from './files/storage';
import type { Jobs } from './jobs/queue';
import type { Logger } from './log';
import type { PaymentGateway } from './payments/gateway';

/** The customer behind a request's bearer token (set by requireUser and optionalUser). */
export interface SignedIn {
  account: Account;
  token: string;
  tokenId: number;
  refreshId: number | null;
  /** The sign-in the token belongs to. */
  family: string;
}

/**
 * What every handler finds on its context: the app's dependencies (set once per request by
 * createApp) and, on routes that need one, the signed-in customer. Apart from app.ts so routes and
 * middleware can name it without importing the app that mounts them.
 */
export interface AppEnv {
  Variables: {
    /** The primary: every write, and every read that must see a write just made (the customer's own). */
    db: Db;
    /**
     * For reads that may be seconds behind a write (places, the content hub, counts): their selects
     * go to a read replica when DATABASE_REPLICA_URLS lists any. Anything a customer just changed is
     * read from `db`.
     */
    readDb: Db;
    config: ServerConfig;
    catalogue: CatalogueIndex;
    /** Issue 34: carrier routes (generated, or USPS's EDDM service behind a cache: `EDDM_ROUTES`). */
    routes: RouteSource;
    /** The current time; tests pass a controllable clock to check expiry and rate limits. */
    clock: () => Date;
    /** Work a request starts after its answer (account e-mails), finished before the server stops. */
    background: BackgroundWork;
    /** The job queue: e-mails, checks and other work done apart from the answers (server/jobs/). */
    jobs: Jobs;
    /** Issue 31: where files are kept (ad files, proofs of delivery, design files), opened on first use. */
    uploads: () => Promise<UploadStorage>;
    /** Issue 30: card payments through Stripe; null where STRIPE_* are unset. */
    payments: PaymentGateway | null;
    /** The request's logger: every line it writes carries the request's id (server/http/requestLog.ts). */
    log: Logger;
    /** The request's id, also answered in `X-Request-Id`. */
    requestId: string;
    /** Set by `requireUser` on routes that need a signed-in customer. */
    signedIn?: SignedIn;
    /** Set by `requireStaff` on back-office routes (issue 31): never on a customer's request. */
    staff?: StaffMember;
    /** Set by `audit()`: a back-office write that answers without it is logged as an error. */
    audited?: boolean;
    /**
     * The `style` attributes of a page the server drew (a library's hidden focus guard), as CSP
     * hashes: the page's policy allows exactly those (server/ssr/styleHashes.ts).
     */
    styleHashes?: string[];
  };
}
