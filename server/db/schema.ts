import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RateCard } from '../../contract/adminCatalogue';
import { PROOF_KINDS } from '../../contract/adminOrders';
import type { BillingContact } from '../../contract/cart';
import type { Article, DesignHelp, SpecSheet } from '../../contract/content';
import { CREDIT_SOURCES, MANUAL_PAYMENT_METHODS } from '../../contract/moneyWords';
import { PAYMENT_TERMS } from '../../contract/paymentTerms';
import { ROLES } from '../../contract/roles';
import { STAFF_ROLES } from '../../contract/staff';
import type { Schedule } from '../pricing/schedule';

/** DMA-like groupings of zip codes: what a TV station or a city magazine covers. */
export const markets = pgTable('markets', {
  prodcode: text('prodcode').primaryKey(),
  name: text('name').notNull(),
  state: text('state').notNull(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  households: integer('households').notNull(),
});

/** Every US zip code with its place and coordinates (from the `zipcodes` package). */
export const zips = pgTable(
  'zips',
  {
    zip: text('zip').primaryKey(),
    city: text('city').notNull(),
    state: text('state').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    prodcode: text('prodcode')
      .notNull()
      .references(() => markets.prodcode),
  },
  (t) => [
    index('zips_prodcode_idx').on(t.prodcode),
    index('zips_city_idx').on(sql`lower(${t.city})`, t.state),
  ],
);

/** Placements for sale. `prodcode` is null for national placements (e-mail lists, design work). */
export const media = pgTable(
  'media',
  {
    mediacode: text('mediacode').primaryKey(),
    name: text('name').notNull(),
    mediaType: text('media_type').notNull(),
    partner: text('partner'),
    prodcode: text('prodcode').references(() => markets.prodcode),
    lifestyle: text('lifestyle').notNull(),
    /**
     * The schedule's rules (issue months, sold-out pattern), never dates: the dates on sale are
     * computed from them and the clock (server/pricing/schedule.ts). Null only in a database from
     * before schedules, until the server fills it from the seed at start.
     */
    schedule: jsonb('schedule').$type<Schedule>(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    unitLabel: text('unit_label').notNull(),
    reach: integer('reach').notNull(),
    reachLabel: text('reach_label').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    /** Lower-cased name, market and type words, for the shop's text filter. */
    searchText: text('search_text').notNull(),
    /** A printed placement's own trim in inches, when it differs from its spec sheet's. */
    trim: jsonb('trim').$type<{ width: number; height: number }>(),
    /** Issue 31: an unpublished placement leaves the storefront; its orders keep it. */
    published: boolean('published').notNull().default(true),
    /** Moved on by every back-office save: two staff editing one placement get a 409, not a lost edit. */
    version: integer('version').notNull().default(1),
    /** Quantities and volume discounts of this placement; null: its channel's rule (server/pricing/rules.ts). */
    rateCard: jsonb('rate_card').$type<RateCard>(),
    /** The spec sheet's slug; null: its channel's sheet. */
    specSheet: text('spec_sheet'),
    /** `media_images` ids, in order; `image` is the first one's address when there is one. */
    images: jsonb('images').$type<string[]>().notNull().default([]),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references((): AnyPgColumn => staff.id),
  },
  (t) => [
    index('media_prodcode_type_idx').on(t.prodcode, t.mediaType),
    index('media_type_idx').on(t.mediaType, t.name),
    index('media_published_idx').on(t.published, t.mediaType),
  ],
);

/** Advertisers on the marketplace; every account belongs to one. `coid` is the id shown outside. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  coid: uuid('coid').notNull().unique().defaultRandom(),
  name: text('name').notNull(),
  /**
   * The billing contact saved for the company's invoices: edited on /billing, prefilled at checkout.
   * Never a PO number: a PO belongs to one purchase, unless the company has a standing PO (below).
   */
  billingContact: jsonb('billing_contact').$type<BillingContact>(),
  /** The PO number every checkout uses until it is removed (set on /billing), who set it and when. */
  standingPo: text('standing_po'),
  standingPoBy: uuid('standing_po_by'),
  standingPoAt: timestamp('standing_po_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  // Issue 30 (payments) from here.
  /** The company's customer at Stripe, made the first time someone pays or saves a card. */
  stripeCustomerId: text('stripe_customer_id').unique(),
  /** The saved card automatic payment charges; the card number itself stays at Stripe. */
  card: jsonb('card').$type<SavedCard>(),
  autoPay: boolean('auto_pay').notNull().default(false),
  membersMayPay: boolean('members_may_pay').notNull().default(false),
  // Issue 32 (back office, part 2) from here.
  /**
   * How the company may pay (contract/paymentTerms.ts): 'card' only, or invoices due net 15, 30 or 60
   * days. Companies from before the column keep what they had (net 30); new ones start on the
   * operator's DEFAULT_PAYMENT_TERMS.
   */
  paymentTerms: text('payment_terms', { enum: PAYMENT_TERMS }).notNull().default('net30'),
  /** The most its open invoices may owe together on invoice terms; null: no limit. */
  creditLimitCents: integer('credit_limit_cents'),
  /** The rep the company is attributed to: by the rep code carried at registration, or set by an admin. */
  repStaffId: uuid('rep_staff_id').references((): AnyPgColumn => staff.id),
  /** The rep code the registering visitor carried (kept even when no rep has it). */
  repCode: text('rep_code'),
  // Issue 33 (artwork a team reviews) from here.
  /** With it on, a member's approval of an ad is a request that an admin or the owner decides. */
  approvalsNeedAdmin: boolean('approvals_need_admin').notNull().default(false),
});

/** What the company's saved card shows, and who saved it when; `pm` is Stripe's payment method. */
export interface SavedCard {
  pm: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  saved_at: string;
  saved_by: string | null;
}

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const when = (name: string) => timestamp(name, { withTimezone: true });

/** Customer accounts. E-mail addresses are stored lower-cased, so they are unique whatever the case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    /** Unique among the people who may sign in: a former member's address is free to join or register again. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    avatar: text('avatar'),
    phone: text('phone'),
    /** Whether the ad-due reminders are e-mailed to this person. */
    adReminders: boolean('ad_reminders').notNull().default(true),
    /** Whether the owner is told by e-mail when someone joins the team (issue 30). */
    teamNews: boolean('team_news').notNull().default(true),
    /** Whether a payer gets a copy of the receipt the billing contact gets. */
    receiptCopies: boolean('receipt_copies').notNull().default(false),
    role: text('role', { enum: ROLES }).notNull().default('member'),
    source: text('source'),
    repName: text('rep_name'),
    cartUuid: uuid('cart_uuid'),
    createdAt: createdAt(),
    /**
     * When the person was removed from the company: a former member, kept so their name stays on what
     * they did (orders, approvals), who can no longer sign in.
     */
    removedAt: when('removed_at'),
    /** Issue 32: when staff disabled the person (their tokens end at once); null again once re-enabled. */
    disabledAt: when('disabled_at'),
  },
  (t) => [
    uniqueIndex('users_one_owner_idx').on(t.companyId).where(sql`${t.role} = 'owner'`),
    uniqueIndex('users_email_idx').on(t.email).where(sql`${t.removedAt} is null`),
  ],
);

/**
 * Sign-in tokens, stored only as SHA-256 hashes. `access` tokens authenticate API calls and live for
 * the auth time-out; a `refresh` token is the shared dashboard cookie that can mint new access tokens.
 * Refresh tokens rotate: each refresh replaces the token presented (`replaced_at`) with a new one of
 * the same `family` (one sign-in), whose `parent_id` is the token it replaced. A replaced token shown
 * again after a short grace ends the whole family: it was copied.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: serial('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['access', 'refresh'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The refresh token an access token was minted from. */
    refreshId: integer('refresh_id'),
    /** The sign-in every token minted from one password, link or invitation belongs to. */
    family: uuid('family').notNull(),
    /** The refresh token this refresh token replaced. */
    parentId: integer('parent_id'),
    createdAt: createdAt(),
    expiresAt: when('expires_at').notNull(),
    /** When a refresh token was used and replaced by its successor. */
    replacedAt: when('replaced_at'),
    revokedAt: when('revoked_at'),
  },
  (t) => [
    uniqueIndex('auth_tokens_hash_idx').on(t.tokenHash),
    index('auth_tokens_user_idx').on(t.userId),
    index('auth_tokens_family_idx').on(t.family),
  ],
);

/** Password reset links: `tok` names the reset, `resetcode` (stored hashed) proves the e-mail was read. */
export const passwordResets = pgTable('password_resets', {
  id: serial('id').primaryKey(),
  tok: text('tok').notNull().unique(),
  codeHash: text('code_hash').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: when('expires_at').notNull(),
  usedAt: when('used_at'),
});

/** One-time sign-in codes carried by `hydrate=1` links in e-mails. */
export const signinCodes = pgTable('signin_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
  expiresAt: when('expires_at').notNull(),
  usedAt: when('used_at'),
});

/** Invitations to join a company's account; `uuid` and the company's `coid` are in the e-mailed link. */
export const colleagueInvites = pgTable('colleague_invites', {
  uuid: uuid('uuid').primaryKey().defaultRandom(),
  companyId: integer('company_id')
    .notNull()
    .references(() => companies.id),
  email: text('email').notNull(),
  firstname: text('firstname'),
  lastname: text('lastname'),
  invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
  /** The id the team page acts on; `uuid` is the secret of the e-mailed link and is never shown. */
  publicId: uuid('public_id').notNull().unique().defaultRandom(),
  role: text('role', { enum: ROLES }).notNull().default('member'),
  createdAt: createdAt(),
  expiresAt: when('expires_at').notNull(),
  acceptedAt: when('accepted_at'),
  cancelledAt: when('cancelled_at'),
  /** When the e-mail was last sent again (its link then lives 14 days from then). */
  resentAt: when('resent_at'),
});

/** Pending changes of a sign-in e-mail: the change is made when the link sent to the new address is followed. */
export const emailChanges = pgTable('email_changes', {
  id: serial('id').primaryKey(),
  codeHash: text('code_hash').notNull().unique(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  newEmail: text('new_email').notNull(),
  createdAt: createdAt(),
  expiresAt: when('expires_at').notNull(),
  usedAt: when('used_at'),
});

/** Binary data (PostgreSQL `bytea`), read and written as a Node Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/** Profile pictures, 256 px WebP without metadata; `users.avatar` holds the address of the current one. */
export const avatars = pgTable('avatars', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  image: bytea('image').notNull(),
  createdAt: createdAt(),
});

/**
 * E-mails the API sends (resets, invitations, sign-in links). With SMTP_URL each row is sent and records
 * how that went (`status` sent or failed, with the attempts and the last error); without, the row is
 * the e-mail (`kept`), readable in development.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    toEmail: text('to_email').notNull(),
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    link: text('link'),
    status: text('status', { enum: ['kept', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('kept'),
    attempts: integer('attempts').notNull().default(0),
    sentAt: when('sent_at'),
    lastError: text('last_error'),
    /** Written by versions before the job queue; attempts are now the `mail.send` job's (server/mail/deliver.ts). */
    nextAttemptAt: when('next_attempt_at'),
    createdAt: createdAt(),
    /** The HTML part as rendered when the e-mail was composed; `body` is its text part. Null on older rows. */
    html: text('html'),
    /** `<event>:<kind>:<to>`: a composing job that runs again writes no second e-mail. */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('outbox_to_idx').on(t.toEmail),
    uniqueIndex('outbox_dedupe_idx').on(t.dedupeKey).where(sql`${t.dedupeKey} is not null`),
  ],
);

/** A file sent with an e-mail (an invoice, a receipt), the bytes as they were when it was composed. */
export const outboxAttachments = pgTable('outbox_attachments', {
  id: serial('id').primaryKey(),
  outboxId: integer('outbox_id')
    .notNull()
    .references(() => outbox.id, { onDelete: 'cascade' }),
  filename: text('filename').notNull(),
  contentType: text('content_type').notNull(),
  content: bytea('content').notNull(),
});

/** Recent uses of a throttled action (failed sign-ins, e-mails per address, invitations per customer...). */
export const rateEvents = pgTable(
  'rate_events',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    at: when('at').notNull().defaultNow(),
  },
  (t) => [index('rate_events_key_idx').on(t.key, t.at)],
);

/**
 * The catalogue's version: one row, moved on by a trigger with every statement that writes placements,
 * markets or zip codes (the seed, schedule syncs, staff edits). A read model built from the catalogue
 * keeps the version it was built at, so a process can tell whether it is still the catalogue's.
 */
export const catalogueVersion = pgTable('catalogue_version', {
  id: integer('id').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});

/**
 * Keys the server signs with (`device-cookie`: the HMAC of the device cookies), made once by whichever
 * process needs one first and shared by every replica on the database.
 */
export const serverKeys = pgTable('server_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
  createdAt: createdAt(),
});

/**
 * Shopping carts. Anonymous carts (no user) are found by their uuid, kept in the cart cookie; a cart
 * owned by an account is only visible to it. `idempotency_key` is the key of the request that placed
 * the cart, so a repeated submit answers the same orders.
 */
export const carts = pgTable(
  'carts',
  {
    uuid: uuid('uuid').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['open', 'placed'] })
      .notNull()
      .default('open'),
    createdAt: createdAt(),
    updatedAt: when('updated_at').notNull().defaultNow(),
    placedAt: when('placed_at'),
    idempotencyKey: text('idempotency_key').unique(),
    /**
     * An anonymous cart whose items moved into its owner's open cart on sign-in: its uuid (still in the
     * browser's cookie) leads to that cart.
     */
    mergedInto: uuid('merged_into').references((): AnyPgColumn => carts.uuid),
  },
  (t) => [index('carts_user_idx').on(t.userId)],
);

/**
 * What a direct-mail campaign item mails to, so it can be described and priced again: the carrier
 * routes of an every-door mailing, or the zip codes of an audience mailing.
 */
export type CampaignDetails =
  | {
      kind: 'eddm';
      routes: string[];
      residential_only: boolean;
      zips: string[];
      /** Pieces mailed to each route when it was bought (absent on items added before issue 34). */
      route_pieces?: Record<string, number>;
    }
  | { kind: 'abdm'; zipcodes: string[] };

/** What a cart holds: a placement, its dates and quantity, and the price the server computed when added. */
export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartUuid: uuid('cart_uuid')
      .notNull()
      .references(() => carts.uuid, { onDelete: 'cascade' }),
    mediacode: text('mediacode')
      .notNull()
      .references(() => media.mediacode),
    dates: jsonb('dates').$type<string[]>().notNull(),
    quantity: integer('quantity').notNull(),
    priceCents: integer('price_cents').notNull(),
    createdAt: createdAt(),
    /** The order this item became, once the cart is placed. */
    orderId: integer('order_id'),
    /** A direct-mail campaign's routes or zip codes (null for every other item). */
    details: jsonb('details').$type<CampaignDetails>(),
    /**
     * When the item was removed from its cart: the row stays so the removal can be undone (the same id,
     * in its place) for a while; every read of a cart's items leaves removed rows out.
     */
    removedAt: when('removed_at'),
  },
  (t) => [index('cart_items_cart_idx').on(t.cartUuid)],
);

/**
 * The price of an order as it was quoted when placed (cents), so its page shows what was bought even
 * after the catalogue's prices change: the lines, the subtotal, and the volume discount.
 */
export interface OrderPricing {
  lines: { label: string; amount_cents: number }[];
  subtotal_cents: number;
  discount_cents: number;
  /** The volume discount in percent (0 without one). */
  percent: number;
}

/**
 * Orders: one per item of a placed cart, numbered for the customer (AD-27-000123). An order's status
 * is never stored: it follows from the clock, `starts_at` and `ends_at` (the first day of its first run
 * and the last instant of its last run) and `cancelled_at` (server/orders/status.ts). The three dates
 * are null only in a database from before they were kept, until the server fills them at start.
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    cartUuid: uuid('cart_uuid')
      .notNull()
      .references(() => carts.uuid),
    cartItemId: integer('cart_item_id')
      .notNull()
      .unique()
      .references(() => cartItems.id),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    number: text('number').notNull().unique(),
    billing: jsonb('billing').notNull(),
    totalCents: integer('total_cents').notNull(),
    placedAt: when('placed_at').notNull().defaultNow(),
    startsAt: when('starts_at'),
    endsAt: when('ends_at'),
    /** The end of the earliest ad-due day of its runs: it can be cancelled until then. */
    cancelBy: when('cancel_by'),
    cancelledAt: when('cancelled_at'),
    cancelledBy: uuid('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    /** Null when a person cancelled it; 'unpaid' when a card checkout was never paid and we released it. */
    cancelReason: text('cancel_reason', { enum: ['unpaid'] }),
    pricing: jsonb('pricing').$type<OrderPricing>(),
    /** The invoice of the checkout that placed it. */
    invoiceId: integer('invoice_id').references((): AnyPgColumn => invoices.id),
    /** Issue 31: the staff member who cancelled it on the customer's behalf. */
    cancelledByStaff: uuid('cancelled_by_staff').references((): AnyPgColumn => staff.id),
    /** Issue 32: the company's rep when it was placed, whom its sale counts for. */
    repStaffId: uuid('rep_staff_id').references((): AnyPgColumn => staff.id),
  },
  (t) => [
    index('orders_company_idx').on(t.companyId, t.placedAt),
    index('orders_company_starts_idx').on(t.companyId, t.startsAt),
    index('orders_company_ends_idx').on(t.companyId, t.endsAt),
    index('orders_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * Invoices: one per checkout (a placed cart), numbered for the customer (INV-27-000123), issued when
 * the orders are placed and due 30 days later. Its lines are its orders (`orders.invoice_id`), its
 * credits their cancellations; its status follows from the clock and those (server/billing/view.ts).
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    number: text('number').notNull().unique(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    cartUuid: uuid('cart_uuid')
      .notNull()
      .unique()
      .references(() => carts.uuid),
    billTo: jsonb('bill_to').$type<BillingContact>().notNull(),
    issuedAt: when('issued_at').notNull(),
    dueAt: when('due_at').notNull(),
    /** When the e-mail saying it is overdue went out (the `invoices.overdue` job): once per invoice. */
    overdueRemindedAt: when('overdue_reminded_at'),
    // Issue 30 (payments) from here.
    /** 'card' when it was paid by card at checkout, so it waits for the payment until `pay_by`. */
    paymentMethod: text('payment_method', { enum: ['invoice', 'card'] })
      .notNull()
      .default('invoice'),
    payBy: when('pay_by'),
    paidAt: when('paid_at'),
    paidCents: integer('paid_cents').notNull().default(0),
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Automatic payment: how many charges of the saved card failed, and when the next one is due. */
    chargeAttempts: integer('charge_attempts').notNull().default(0),
    nextChargeAt: when('next_charge_at'),
    /** Issue 32: what the company's credits paid of it (credit_applications), apart from money paid. */
    creditAppliedCents: integer('credit_applied_cents').notNull().default(0),
  },
  (t) => [
    index('invoices_company_idx').on(t.companyId, t.issuedAt),
    index('invoices_awaiting_idx').on(t.payBy).where(sql`${t.payBy} IS NOT NULL AND ${t.paidAt} IS NULL`),
  ],
);

export const PAYMENT_PURPOSES = ['checkout', 'invoice', 'auto', 'setup'] as const;
export const PAYMENT_STATUSES = ['pending', 'succeeded', 'failed', 'expired', 'rejected'] as const;

/**
 * One attempt to take money (or to save a card, purpose 'setup', no invoice) through Stripe: a
 * Checkout Session (`session_id`) or an off-session charge (`intent_id`). `rejected` is a payment
 * Stripe reported that did not match what we asked for (server/payments/apply.ts).
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id').references(() => invoices.id),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    purpose: text('purpose', { enum: PAYMENT_PURPOSES }).notNull(),
    status: text('status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    currency: text('currency').notNull().default('usd'),
    sessionId: text('session_id').unique(),
    sessionUrl: text('session_url'),
    intentId: text('intent_id').unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    failure: text('failure'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: when('created_at').notNull(),
    settledAt: when('settled_at'),
  },
  (t) => [index('payments_invoice_idx').on(t.invoiceId, t.createdAt)],
);

/** Money given back for a cancelled order of a paid invoice, through Stripe. */
export const refunds = pgTable('refunds', {
  id: serial('id').primaryKey(),
  paymentId: integer('payment_id')
    .notNull()
    .references(() => payments.id),
  orderId: integer('order_id')
    .notNull()
    .references(() => orders.id),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['requested', 'pending', 'succeeded', 'failed'] })
    .notNull()
    .default('requested'),
  stripeRefundId: text('stripe_refund_id').unique(),
  failure: text('failure'),
  createdAt: when('created_at').notNull(),
  settledAt: when('settled_at'),
});

/** Every Stripe event received once, by Stripe's id, so a redelivered event is applied only once. */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  objectId: text('object_id'),
  created: when('created').notNull(),
  receivedAt: when('received_at').notNull(),
  outcome: text('outcome', { enum: ['applied', 'ignored', 'rejected'] }).notNull(),
});

/**
 * Ad files (issue 16): one row per upload, created when the tus upload is (before any byte), so the
 * company's quota counts it at once. `status` is `uploading` until the last byte, then `checking`
 * while the preflight runs, then its verdict. A file is checked against an order's run (`order_id`,
 * `run_value`) or a spec sheet the customer picked (`sheet`); it is the run's ad once approved. The
 * bytes live in the upload store (a folder or S3) under the same id.
 */
export const adFiles = pgTable(
  'ad_files',
  {
    id: uuid('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    /** The type the browser declared; never trusted for the checks (the bytes decide). */
    declaredType: text('declared_type').notNull(),
    size: integer('size').notNull(),
    status: text('status', { enum: ['uploading', 'checking', 'passed', 'attention', 'rejected'] })
      .notNull()
      .default('uploading'),
    /** The format the bytes are, once checked. */
    format: text('format'),
    checks: jsonb('checks')
      .$type<{ name: string; result: string; message: string }[]>()
      .notNull()
      .default([]),
    /**
     * Expand and contract (issue 33): a file's run and approval were these four columns, now its
     * `file_runs`. Kept (nullable, as they were) so a replica of the previous release still serving
     * during a rolling restart can read and insert its rows. Declared here, they are named in every
     * insert and whole-row select drizzle writes, so this release does depend on their existence,
     * though it leaves them null and reads none of their values. Hence three steps (README,
     * Upgrading): the next release removes them and their indexes from this file without dropping
     * them (a hand-written migration that drops nothing) and copies what old replicas wrote into
     * `file_runs`; the release after it drops them.
     */
    oldOrderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    oldRunValue: text('run_value'),
    oldApprovedAt: when('approved_at'),
    oldApprovedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
    /** The spec sheet it is checked against; the runs it serves are its `file_runs` (issue 33). */
    sheet: text('sheet'),
    /** A small WebP of an image, base64, for the library. */
    thumbnail: text('thumbnail'),
    uploadedAt: when('uploaded_at'),
    checkedAt: when('checked_at'),
    /** Written by versions before the job queue; a check's lease is now its `files.check` job's. */
    checkLeaseUntil: when('check_lease_until'),
    /** When the upload last took bytes: one untouched for a day is abandoned and swept. */
    lastByteAt: when('last_byte_at'),
    /** Issue 31: production's review: 'accepted' (a warning accepted with a note) or 'returned'. */
    review: text('review', { enum: ['accepted', 'returned'] }),
    /** The reviewer's note; the customer sees it. */
    reviewNote: text('review_note'),
    reviewedBy: uuid('reviewed_by').references((): AnyPgColumn => staff.id),
    reviewedAt: when('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ad_files_company_idx').on(t.companyId, t.createdAt),
    index('ad_files_uploading_idx').on(t.status, t.lastByteAt),
    // Kept for the previous release's replicas (see oldOrderId): dropped with the columns.
    index('ad_files_order_idx').on(t.oldOrderId, t.oldRunValue),
    uniqueIndex('ad_files_approved_run_idx')
      .on(t.oldOrderId, t.oldRunValue)
      .where(sql`${t.oldApprovedAt} is not null`),
  ],
);

/**
 * Reminders that a run still has no approved ad, 7 and 2 days before its ad-due date (issue 16).
 * Rows are written ahead by the reminder worker and claimed with FOR UPDATE SKIP LOCKED, so two
 * replicas never send the same one.
 */
export const adReminders = pgTable(
  'ad_reminders',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    runValue: text('run_value').notNull(),
    daysBefore: integer('days_before').notNull(),
    /** The start of the day it is sent. */
    sendAt: when('send_at').notNull(),
    /** Sent, or not needed (an approved ad, a cancelled order): done either way. */
    doneAt: when('done_at'),
    outcome: text('outcome', { enum: ['sent', 'approved', 'cancelled', 'late', 'declined'] }),
  },
  (t) => [
    uniqueIndex('ad_reminders_run_idx').on(t.orderId, t.runValue, t.daysBefore),
    index('ad_reminders_due_idx').on(t.sendAt).where(sql`${t.doneAt} is null`),
  ],
);

/**
 * Every-door selections: the carrier routes chosen on the map, saved so the page survives reloads.
 * Anyone holding the id may read and change it (like an anonymous cart); it becomes a cart item on
 * POST /eddm/campaign/create.
 */
export const eddmCarts = pgTable('eddm_carts', {
  id: uuid('id').primaryKey().defaultRandom(),
  routes: jsonb('routes').$type<string[]>().notNull(),
  residentialOnly: boolean('residential_only').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: when('updated_at').notNull().defaultNow(),
});

/**
 * Saved every-door areas: a company's named selection of carrier routes, shared with its team and
 * reused for later mailings (GET/POST/PATCH/DELETE /api/v1/eddm/areas). Counts are read again from
 * the route source each time, so only the codes are kept.
 */
export const eddmAreas = pgTable(
  'eddm_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    routes: jsonb('routes').$type<string[]>().notNull(),
    residentialOnly: boolean('residential_only').notNull().default(false),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: when('updated_at').notNull().defaultNow(),
  },
  // Names are unique within a company whatever their case (two saves at once cannot both pass the
  // route's check); this index also serves listing a company's areas.
  (t) => [uniqueIndex('eddm_areas_company_name_idx').on(t.companyId, sql`lower(${t.name})`)],
);

/**
 * Answers of a carrier-route service (EDDM_ROUTES=usps: USPS's EDDM route service) kept so a zip code's
 * routes answer from here until `fetched_at` is older than the configured refresh age. `key` names the
 * question ("zip:60614"; radius answers are kept in memory only).
 */
export const eddmRouteCache = pgTable('eddm_route_cache', {
  key: text('key').primaryKey(),
  source: text('source').notNull(),
  payload: jsonb('payload').notNull(),
  fetchedAt: when('fetched_at').notNull().defaultNow(),
});

/** Flat event properties: what `POST /log/event` accepts in its `properties` JSON. */
export type EventProperties = Record<string, string | number | boolean>;

/**
 * The event log (`POST /log/event`): what a browser did, by its `adlane_browser_id`, and by whom when
 * it was signed in. `view_item` events with a `mediacode` feed "recently viewed" and market preferences.
 */
export const logEvents = pgTable(
  'log_events',
  {
    id: serial('id').primaryKey(),
    browserId: text('browser_id').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    event: text('event').notNull(),
    path: text('path'),
    properties: jsonb('properties').$type<EventProperties>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('log_events_user_idx').on(t.userId, t.event, t.createdAt),
    index('log_events_browser_idx').on(t.browserId, t.createdAt),
  ],
);

/** What a visitor wrote in the self-hosted chat widget, with the visitor profile it was booted with. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    browserId: text('browser_id').notNull(),
    visitor: jsonb('visitor').$type<Record<string, unknown>>().notNull(),
    text: text('text').notNull(),
    path: text('path'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_browser_idx').on(t.browserId, t.createdAt)],
);

/** A customer's answers to the onboarding survey, or that they declined it: once per customer. */
export const surveyAnswers = pgTable('survey_answers', {
  id: serial('id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  surveyId: text('survey_id').notNull(),
  declined: boolean('declined').notNull(),
  answers: jsonb('answers').$type<Record<string, string | string[]>>().notNull(),
  createdAt: createdAt(),
});

/**
 * The content pages (issue 8), kept equal to the seed in server/content/ on every start and served
 * at /graphql. `position` keeps the seed's order, which is the order editors wrote and the pages show.
 */
export const contentSpecSheets = pgTable(
  'content_spec_sheets',
  {
    slug: text('slug').primaryKey(),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    mediaType: text('media_type').notNull(),
    summary: text('summary').notNull(),
    sections: jsonb('sections').$type<SpecSheet['sections']>().notNull(),
    specs: jsonb('specs').$type<SpecSheet['specs']>().notNull(),
    deadlines: jsonb('deadlines').$type<SpecSheet['deadlines']>().notNull(),
    shopPath: text('shop_path').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [index('content_spec_sheets_type_idx').on(t.mediaType, t.position)],
);

export const contentArticleCategories = pgTable('content_article_categories', {
  slug: text('slug').primaryKey(),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  description: text('description').notNull(),
});

export const contentArticles = pgTable(
  'content_articles',
  {
    slug: text('slug').primaryKey(),
    position: integer('position').notNull(),
    category: text('category')
      .notNull()
      .references(() => contentArticleCategories.slug),
    title: text('title').notNull(),
    summary: text('summary').notNull(),
    readingMinutes: integer('reading_minutes').notNull(),
    publishedAt: text('published_at').notNull(),
    body: jsonb('body').$type<Article['body']>().notNull(),
    relatedMediaTypes: jsonb('related_media_types').$type<Article['relatedMediaTypes']>().notNull(),
  },
  (t) => [index('content_articles_category_idx').on(t.category, t.publishedAt)],
);

/** The hash of the seed the content rows were written from (server/db/seed/content.ts). */
export interface ContentVersion {
  sha256: string;
}

/**
 * Single documents of the content pages by key: `design-help`, the design-help offer, and
 * `content-version`, the hash of the seed the content was written from.
 */
export const contentDocuments = pgTable('content_documents', {
  key: text('key').primaryKey(),
  document: jsonb('document').$type<DesignHelp | ContentVersion>().notNull(),
});

// Issue 31: the back office.

/** People who run the marketplace, apart from customers: their tokens are never a customer's. */
export const staff = pgTable(
  'staff',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Lower-cased. */
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    passwordHash: text('password_hash').notNull(),
    /** Base32; answered once at enrolment and never again, never logged. */
    totpSecret: text('totp_secret').notNull(),
    /** The last accepted 30-second step: a code is never accepted twice. */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    /** The first sign-in with a code: until then the setup link may replace the account. */
    enrolledAt: when('enrolled_at'),
    disabledAt: when('disabled_at'),
    invitedBy: uuid('invited_by').references((): AnyPgColumn => staff.id),
    /** Issue 32: a rep's code as it appears in links (`?rep=jsmith`), lower-cased; null for others. */
    repCode: text('rep_code'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_email_idx').on(t.email),
    uniqueIndex('staff_rep_code_idx').on(t.repCode).where(sql`${t.repCode} is not null`),
  ],
);

/** Staff sign-ins: one token each, for a fixed 8 hours (STAFF_SESSION_HOURS), never extended. */
export const staffSessions = pgTable('staff_sessions', {
  id: serial('id').primaryKey(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staff.id),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: createdAt(),
  expiresAt: when('expires_at').notNull(),
  revokedAt: when('revoked_at'),
  address: text('address'),
});

/** Invitations to the back office, by an admin or by `npm run staff:create` (invited_by null). */
export const staffInvites = pgTable('staff_invites', {
  id: serial('id').primaryKey(),
  email: text('email').notNull(),
  role: text('role', { enum: STAFF_ROLES }).notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  invitedBy: uuid('invited_by').references(() => staff.id),
  createdAt: createdAt(),
  expiresAt: when('expires_at').notNull(),
  usedAt: when('used_at'),
});

/**
 * Every staff write: who, what, the record, before and after, when, from where. Append-only: the
 * migration's triggers refuse UPDATE, DELETE and TRUNCATE whoever asks.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: when('at').notNull(),
    /** Null for the shell (`npm run staff:create`) and the setup link. */
    staffId: uuid('staff_id').references(() => staff.id),
    /** The e-mail at the time, or 'shell' / 'setup'. */
    actor: text('actor').notNull(),
    action: text('action').notNull(),
    recordType: text('record_type').notNull(),
    recordId: text('record_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    address: text('address'),
    requestId: text('request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc()),
    index('audit_log_record_idx').on(t.recordType, t.recordId, t.at),
    index('audit_log_staff_idx').on(t.staffId, t.at),
  ],
);

/** A placement's pictures, 1200×800 WebP, kept in the database like avatars so every replica serves them. */
export const mediaImages = pgTable('media_images', {
  id: uuid('id').primaryKey(),
  mediacode: text('mediacode')
    .notNull()
    .references(() => media.mediacode),
  webp: bytea('webp').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
});

/**
 * One row per run of an order, written when it is placed (older orders are filled at start): the
 * ad-due date is frozen there, so a later lead-time edit never moves a placed run.
 */
export const orderRuns = pgTable(
  'order_runs',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    /** The run's value ('2027/03', '2027-01-18'), 'design' for design work. */
    run: text('run').notNull(),
    label: text('label').notNull(),
    startsAt: when('starts_at').notNull(),
    endsAt: when('ends_at').notNull(),
    adDueAt: when('ad_due_at').notNull(),
    bookingRef: text('booking_ref'),
    bookedAt: when('booked_at'),
    bookedBy: uuid('booked_by').references(() => staff.id),
    deliveredAt: when('delivered_at'),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.run] }), index('order_runs_due_idx').on(t.adDueAt)],
);

/** Proof that a run ran: a tear sheet, a photo, proof of play, a drop confirmation, a delivery report. */
export const runProofs = pgTable(
  'run_proofs',
  {
    id: uuid('id').primaryKey(),
    orderId: integer('order_id').notNull(),
    run: text('run').notNull(),
    kind: text('kind', { enum: PROOF_KINDS }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    /** `{ dropped_on, pieces }` for a drop, `{ impressions, rows }` for a delivery report. */
    details: jsonb('details').$type<Record<string, string | number>>().notNull().default({}),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => staff.id),
    uploadedAt: when('uploaded_at').notNull(),
  },
  (t) => [
    foreignKey({ columns: [t.orderId, t.run], foreignColumns: [orderRuns.orderId, orderRuns.run] }),
    index('run_proofs_run_idx').on(t.orderId, t.run),
  ],
);

/** Staff's internal notes on an order; the customer never sees them. */
export const orderNotes = pgTable(
  'order_notes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('order_notes_order_idx').on(t.orderId, t.createdAt)],
);

/** The brief of a design-service order, filled by the customer on the order page. */
export const designBriefs = pgTable('design_briefs', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id),
  offer: text('offer').notNull().default(''),
  colours: text('colours').notNull().default(''),
  notes: text('notes').notNull().default(''),
  submittedAt: when('submitted_at'),
  submittedBy: uuid('submitted_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: when('updated_at').notNull(),
});

/** The brief's files: logo, photos, anything else the studio needs. */
export const designBriefFiles = pgTable(
  'design_brief_files',
  {
    id: uuid('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    role: text('role', { enum: ['logo', 'photo', 'other'] }).notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('design_brief_files_order_idx').on(t.orderId)],
);

/** The studio's numbered proofs of a design order and the customer's answer to each. */
export const designProofs = pgTable(
  'design_proofs',
  {
    id: uuid('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    number: integer('number').notNull(),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    studioNote: text('studio_note').notNull().default(''),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => staff.id),
    uploadedAt: when('uploaded_at').notNull(),
    decision: text('decision', { enum: ['approved', 'changes'] }),
    comment: text('comment'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: when('decided_at'),
    /** The ad file the approved proof became. */
    adFileId: uuid('ad_file_id').references(() => adFiles.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('design_proofs_number_idx').on(t.orderId, t.number)],
);

// Issue 32 (back office, part 2): money that arrives outside Stripe, credits, overdue reminders.

/**
 * A payment staff recorded by hand (a check, an ACH transfer, a wire): what arrived, when, and the
 * reference on it. What it paid is in `payment_allocations`; what was left over became a credit.
 */
export const manualPayments = pgTable(
  'manual_payments',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    method: text('method', { enum: MANUAL_PAYMENT_METHODS }).notNull(),
    reference: text('reference').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** The day the money arrived, as the person recording it read it. */
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    recordedBy: uuid('recorded_by')
      .notNull()
      .references(() => staff.id),
    recordedAt: when('recorded_at').notNull(),
  },
  (t) => [index('manual_payments_company_idx').on(t.companyId, t.receivedOn)],
);

/** What part of a manual payment went to which invoice. */
export const paymentAllocations = pgTable(
  'payment_allocations',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => manualPayments.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [
    uniqueIndex('payment_allocations_pair_idx').on(t.paymentId, t.invoiceId),
    index('payment_allocations_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * Money a company may put against its invoices: issued by staff (`issued`, with a reason) or left
 * over from a manual payment (`overpayment`). What is left is the amount less its applications.
 */
export const companyCredits = pgTable(
  'company_credits',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    source: text('source', { enum: CREDIT_SOURCES }).notNull(),
    paymentId: integer('payment_id').references(() => manualPayments.id),
    createdBy: uuid('created_by').references(() => staff.id),
    createdAt: when('created_at').notNull(),
  },
  (t) => [index('company_credits_company_idx').on(t.companyId, t.createdAt)],
);

/** A credit put against an invoice (adds to its `credit_applied_cents`). */
export const creditApplications = pgTable(
  'credit_applications',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => companyCredits.id),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: integer('amount_cents').notNull(),
    appliedBy: uuid('applied_by').references(() => staff.id),
    appliedAt: when('applied_at').notNull(),
  },
  (t) => [
    index('credit_applications_credit_idx').on(t.creditId),
    index('credit_applications_invoice_idx').on(t.invoiceId),
  ],
);

/** An overdue reminder e-mailed at 1, 7 or 30 days past due: once per invoice and step, logged on it. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** Days past due: 1, 7 or 30. */
    step: integer('step').notNull(),
    sentTo: text('sent_to').notNull(),
    sentAt: when('sent_at').notNull(),
  },
  (t) => [uniqueIndex('invoice_reminders_step_idx').on(t.invoiceId, t.step)],
);

// Issue 33 (artwork a team reviews) from here.

/**
 * The runs a file is the ad for. One file may serve several runs (the four issues of a magazine
 * order, or runs of orders with the same spec sheet); each keeps its own check result, copied from
 * the file's verdict against that sheet, and its own approval. One approved file per run.
 */
export const fileRuns = pgTable(
  'file_runs',
  {
    fileId: uuid('file_id')
      .notNull()
      .references(() => adFiles.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    runValue: text('run_value').notNull(),
    status: text('status', { enum: ['checking', 'passed', 'attention', 'rejected'] })
      .notNull()
      .default('checking'),
    checks: jsonb('checks')
      .$type<{ name: string; result: string; message: string }[]>()
      .notNull()
      .default([]),
    attachedAt: when('attached_at').notNull(),
    attachedBy: uuid('attached_by').references(() => users.id, { onDelete: 'set null' }),
    approvedAt: when('approved_at'),
    approvedBy: uuid('approved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.orderId, t.runValue] }),
    index('file_runs_run_idx').on(t.orderId, t.runValue),
    // One approved ad per run.
    uniqueIndex('file_runs_approved_run_idx')
      .on(t.orderId, t.runValue)
      .where(sql`${t.approvedAt} is not null`),
  ],
);

/**
 * What the people of a company say about one of its files, optionally pinned to a point of its proof
 * (a page, and x and y as fractions of the page's width and height, from its top left).
 */
export const fileComments = pgTable(
  'file_comments',
  {
    id: uuid('id').primaryKey(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => adFiles.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    pinPage: integer('pin_page'),
    pinX: real('pin_x'),
    pinY: real('pin_y'),
    /** The people of the company the comment names with @: each is e-mailed once. */
    mentions: jsonb('mentions').$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
  },
  (t) => [
    index('file_comments_file_idx').on(t.fileId, t.createdAt),
    check(
      'file_comments_pin_check',
      sql`(${t.pinPage} is null and ${t.pinX} is null and ${t.pinY} is null) or (${t.pinPage} >= 1 and ${t.pinX} between 0 and 1 and ${t.pinY} between 0 and 1)`,
    ),
  ],
);

/**
 * A member's request that a file be approved for a run, when the company's approvals need an admin:
 * open until an admin or the owner accepts it (the file is then approved, by them) or declines it
 * with a reason; withdrawn when the file leaves the run or another file is approved for it.
 */
export const approvalRequests = pgTable(
  'approval_requests',
  {
    id: serial('id').primaryKey(),
    fileId: uuid('file_id')
      .notNull()
      .references(() => adFiles.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    runValue: text('run_value').notNull(),
    requestedBy: uuid('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: when('requested_at').notNull(),
    decision: text('decision', { enum: ['accepted', 'declined', 'withdrawn'] }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: when('decided_at'),
    /** Why it was declined (required then), or withdrawn. */
    reason: text('reason'),
  },
  (t) => [
    index('approval_requests_run_idx').on(t.orderId, t.runValue),
    // One open request per file and run.
    uniqueIndex('approval_requests_open_idx')
      .on(t.fileId, t.orderId, t.runValue)
      .where(sql`${t.decidedAt} is null`),
  ],
);
