import type { MarketSummary, Media, MediaSearchQuery } from '../../contract/media';
import type { MediaType } from '../../contract/mediaTypes';
import { type CatalogueRows, loadCatalogueRows, marketSummary } from '../data/catalogue';
import type { Db } from '../db/client';
import { DirectMailAreas } from '../directMail/areas';
import type { ZipRowsInput } from '../directMail/zipPoints';
import { ScheduleCalendar } from '../pricing/calendar';
import { DayCache } from '../pricing/dayCache';
import { IndexPart } from '../search/indexPart';
import { placementRecords, placeRecords } from '../search/records';
import { SiteIndex } from '../search/siteIndex';
import { mediaOn, type Placement } from './placement';

interface Entry {
  media: Placement;
  /** Lower-cased name, market and type words: what the shop's "name contains" filter matches. */
  searchText: string;
}

/** Placements come in this order: local ones by market (largest market first), then widest reach. */
function compareEntries(a: Entry, b: Entry): number {
  const aNational = a.media.prodcode === null;
  const bNational = b.media.prodcode === null;
  if (aNational !== bNational) return aNational ? 1 : -1;
  if (a.media.prodcode !== b.media.prodcode)
    return (a.media.prodcode ?? '') < (b.media.prodcode ?? '') ? -1 : 1;
  if (a.media.reach !== b.media.reach) return b.media.reach - a.media.reach;
  return a.media.mediacode < b.media.mediacode ? -1 : 1;
}

/**
 * Reads the catalogue's rows; given the rows the index holds, it may hand back their zips and markets
 * (the same arrays) when those have not changed, and the index then keeps what it built from them.
 */
export type CatalogueReader = (held: CatalogueRows | null) => Promise<CatalogueRows>;

/**
 * The catalogue as an in-memory read model, built from the database at start (and rebuilt with
 * `reload` when the catalogue changes). Shop searches are answered from it in microseconds, as a
 * search engine would, instead of sorting the media table per request; the database stays the source
 * of truth for everything that changes (accounts, carts, orders).
 */
export class CatalogueIndex {
  private ordered: Entry[] = [];
  private byMarket = new Map<string, Entry[]>();
  private byType = new Map<MediaType, Entry[]>();
  private national: Entry[] = [];
  private all: readonly Placement[] = [];
  private zipToMarket = new Map<string, MarketSummary>();
  private site = SiteIndex.build([]);
  /** The rows the index was built from. */
  private rows: CatalogueRows | null = null;
  /** The site search's records of places, with their words, built from `rows`' zips and markets. */
  private places = IndexPart.of([]);
  private geography: ZipRowsInput = { zips: [], markets: [] };
  private areas: DirectMailAreas | null = null;
  private schedules = new ScheduleCalendar();
  /** Each placement as answered on the clock's day, made the first time a search shows it that day. */
  private answers = new DayCache<Entry, Media>();

  private constructor(private read: CatalogueReader) {}

  static async load(db: Db): Promise<CatalogueIndex> {
    return CatalogueIndex.from((held) => loadCatalogueRows(db, held));
  }

  /** An index of the rows `read` gives, at start and again on each `reload`. */
  static async from(read: CatalogueReader): Promise<CatalogueIndex> {
    const index = new CatalogueIndex(read);
    await index.reload();
    return index;
  }

  /** Reads its rows from `read` from now on (an index built from a snapshot, once the database is open). */
  readFrom(read: CatalogueReader): void {
    this.read = read;
  }

  /**
   * Reads the catalogue again and builds what follows from it. When the zips and markets come back
   * unchanged (the same arrays), what was built from them alone is kept: the zip codes' markets, the
   * places of the site search and the direct-mail geography; placements are built again.
   */
  async reload(): Promise<void> {
    const held = this.rows;
    const rows = await this.read(held);
    const samePlaces = held !== null && rows.zips === held.zips && rows.markets === held.markets;
    const ordered = rows.media
      .map((row) => ({ media: row.media, searchText: row.searchText }))
      .sort(compareEntries);
    const byMarket = new Map<string, Entry[]>();
    const byType = new Map<MediaType, Entry[]>();
    for (const entry of ordered) {
      const code = entry.media.prodcode;
      if (code) listOf(byMarket, code).push(entry);
      listOf(byType, entry.media.media_type).push(entry);
    }
    if (!samePlaces) this.readPlaces(rows);
    this.rows = rows;
    this.ordered = ordered;
    this.all = ordered.map((entry) => entry.media);
    this.byMarket = byMarket;
    this.byType = byType;
    this.national = ordered.filter((e) => e.media.prodcode === null);
    this.site = SiteIndex.fromParts([IndexPart.of(placementRecords(rows.media)), this.places]);
    this.schedules = new ScheduleCalendar();
    this.answers = new DayCache();
  }

  /** What follows from the zips and markets alone. */
  private readPlaces({ zips, markets }: CatalogueRows): void {
    const summaries = new Map(markets.map((m) => [m.prodcode, marketSummary(m)]));
    const zipToMarket = new Map<string, MarketSummary>();
    for (const { zip, prodcode } of zips) {
      const market = summaries.get(prodcode);
      if (market) zipToMarket.set(zip, market);
    }
    this.zipToMarket = zipToMarket;
    this.places = IndexPart.of(placeRecords({ zips, markets }));
    this.geography = { zips, markets };
    this.areas = null;
  }

  /**
   * The dates of placements' schedules on the clock's day, worked out once a day (and again after
   * `reload`): what `GET /media/{code}`, its availability and quotes read their dates from.
   */
  get calendar(): ScheduleCalendar {
    return this.schedules;
  }

  /**
   * The generated direct-mail geography (zip code areas, carrier routes, market boundaries), built on
   * first use from the zip codes and markets read here, and again after `reload`.
   */
  get directMail(): DirectMailAreas {
    this.areas ??= new DirectMailAreas(this.geography);
    return this.areas;
  }

  /**
   * The site search index (placements and places), answering the Algolia-compatible search API.
   * Rebuilt by `reload`, so it always holds what the database holds.
   */
  get siteSearch(): SiteIndex {
    return this.site;
  }

  /**
   * Every placement, in shop order. A new list after each `reload` and the same one until then, so
   * whatever is built from it (the sitemap) can tell by identity whether to build again. Placements
   * hold schedule rules, not dates: `mediaOn` gives one's next issue or start on a day.
   */
  get placements(): readonly Placement[] {
    return this.all;
  }

  get size(): number {
    return this.ordered.length;
  }

  /** The markets of the given zip codes, and the zip codes the catalogue does not know. */
  marketsOfZips(zipCodes: readonly string[]): { markets: MarketSummary[]; unknown: string[] } {
    const markets = new Map<string, MarketSummary>();
    const unknown: string[] = [];
    for (const zip of zipCodes) {
      const market = this.zipToMarket.get(zip);
      if (market) markets.set(market.prodcode, market);
      else unknown.push(zip);
    }
    return { markets: [...markets.values()], unknown };
  }

  /**
   * The shop's search. With markets, their placements come first (in market order), then national
   * ones (e-mail lists, design services); without, every placement, largest markets first. Each item
   * found carries its next issue or start date on the clock's day (`now`), worked out once that day
   * for the placements of the pages asked for only.
   */
  search(
    query: MediaSearchQuery,
    prodcodes: readonly string[] | null,
    now: Date,
  ): { items: Media[]; total: number } {
    const types = new Set(query.media_types.filter((t): t is MediaType => t !== 'all'));
    const words = query.search.toLowerCase().split(/\s+/).filter(Boolean);
    const [onlyType] = types.size === 1 ? types : [];
    // Without markets, a type's placements are a list of their own, in shop order: a page of one of
    // the shop's sections is found without looking at the rest of the catalogue.
    const lists = prodcodes
      ? [...[...prodcodes].sort().map((code) => this.byMarket.get(code) ?? []), this.national]
      : [onlyType ? (this.byType.get(onlyType) ?? []) : this.ordered];
    const ofTypes = !prodcodes && types.size <= 1;
    const keep = (entry: Entry) =>
      (ofTypes || types.size === 0 || types.has(entry.media.media_type)) &&
      (query.lifestyle === 'all' || entry.media.lifestyle === query.lifestyle) &&
      words.every((word) => entry.searchText.includes(word));
    const everyOne = ofTypes && query.lifestyle === 'all' && words.length === 0;
    const start = (query.page - 1) * query.per_page;
    const { found, total } = pageOf(lists, everyOne ? null : keep, start, query.per_page);
    const items = found.map((entry) =>
      this.answers.get(now, entry, (today) => mediaOn(entry.media, today, this.schedules)),
    );
    return { items, total };
  }
}

/** The list `key` has in `lists`, made empty the first time. */
function listOf<K>(lists: Map<K, Entry[]>, key: K): Entry[] {
  let list = lists.get(key);
  if (!list) {
    list = [];
    lists.set(key, list);
  }
  return list;
}

/**
 * The entries `keep` keeps (every one when it is null) from `start`, at most `size` of them, in the
 * lists' order, and how many it keeps in all: one pass that counts, rather than a list of every match.
 */
function pageOf(
  lists: readonly (readonly Entry[])[],
  keep: ((entry: Entry) => boolean) | null,
  start: number,
  size: number,
): { found: Entry[]; total: number } {
  const found: Entry[] = [];
  let total = 0;
  for (const list of lists) {
    if (!keep) {
      found.push(...list.slice(Math.max(0, start - total), Math.max(0, start + size - total)));
      total += list.length;
      continue;
    }
    for (const entry of list) {
      if (!keep(entry)) continue;
      if (total >= start && total < start + size) found.push(entry);
      total += 1;
    }
  }
  return { found, total };
}
