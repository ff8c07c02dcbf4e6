import { sql } from 'drizzle-orm';
import { doublePrecision, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

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
    issue: text('issue'),
    dateStart: text('date_start'),
    unitPriceCents: integer('unit_price_cents').notNull(),
    unitLabel: text('unit_label').notNull(),
    reach: integer('reach').notNull(),
    reachLabel: text('reach_label').notNull(),
    image: text('image').notNull(),
    description: text('description').notNull(),
    /** Lower-cased name, market and type words, for the shop's text filter. */
    searchText: text('search_text').notNull(),
  },
  (t) => [
    index('media_prodcode_type_idx').on(t.prodcode, t.mediaType),
    index('media_type_idx').on(t.mediaType, t.name),
  ],
);

/** Advertisers on the marketplace; accounts (issue 3) belong to one. */
export const companies = pgTable('companies', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
