import { hashString } from '../db/seed/random';
import { kmInDegrees, localKm } from './plane';

/** A zip code as the direct-mail areas see it: its place, market and the point its area grows from. */
export interface ZipPoint {
  zip: string;
  city: string;
  state: string;
  prodcode: string;
  /** The zip code's coordinates, as the zips table has them. */
  latitude: number;
  longitude: number;
  /**
   * The point its area is grown from: the coordinates, or for a zip code sharing them with others (post
   * office box zip codes often do) a point a few hundred metres away, so every zip code has an area.
   */
  lat: number;
  lng: number;
}

export interface MarketPoint {
  prodcode: string;
  name: string;
  state: string;
  latitude: number;
  longitude: number;
  households: number;
}

export interface ZipRowsInput {
  zips: readonly Omit<ZipPoint, 'lat' | 'lng'>[];
  markets: readonly MarketPoint[];
}

/** Grid cells of 0.1° keep neighbour searches to a few cells. */
const CELL_DEGREES = 0.1;
/** Zip codes sharing a point are spread on a sunflower spiral, this many km per step. */
const SPREAD_KM = 0.25;
const GOLDEN_ANGLE = Math.PI * (3 - Math.sqrt(5));

const cellKey = (latIndex: number, lngIndex: number) => (latIndex + 2000) * 10_000 + (lngIndex + 4000);

/** Every zip code's point, with a grid index for neighbour searches. Built once from the catalogue's rows. */
export class ZipPoints {
  private readonly byZip = new Map<string, ZipPoint>();
  private readonly grid = new Map<number, ZipPoint[]>();
  private readonly byMarket = new Map<string, ZipPoint[]>();
  private readonly marketsByCode = new Map<string, MarketPoint>();

  constructor(rows: ZipRowsInput) {
    const sorted = [...rows.zips].sort((a, b) => (a.zip < b.zip ? -1 : a.zip > b.zip ? 1 : 0));
    const seen = new Map<string, number>();
    for (const row of sorted) {
      const key = `${row.latitude},${row.longitude}`;
      const k = seen.get(key) ?? 0;
      seen.set(key, k + 1);
      let lat = row.latitude;
      let lng = row.longitude;
      if (k > 0) {
        const radius = SPREAD_KM * Math.sqrt(k);
        const angle = k * GOLDEN_ANGLE + (hashString(row.zip) / 0xffffffff) * 0.5;
        const { dLat, dLng } = kmInDegrees(1, row.latitude);
        lat += radius * Math.sin(angle) * dLat;
        lng += radius * Math.cos(angle) * dLng;
      }
      const point: ZipPoint = { ...row, lat, lng };
      this.byZip.set(point.zip, point);
      const cell = cellKey(Math.floor(lat / CELL_DEGREES), Math.floor(lng / CELL_DEGREES));
      const list = this.grid.get(cell);
      if (list) list.push(point);
      else this.grid.set(cell, [point]);
      const market = this.byMarket.get(point.prodcode);
      if (market) market.push(point);
      else this.byMarket.set(point.prodcode, [point]);
    }
    for (const market of rows.markets) this.marketsByCode.set(market.prodcode, market);
  }

  get(zip: string): ZipPoint | undefined {
    return this.byZip.get(zip);
  }

  market(prodcode: string): MarketPoint | undefined {
    return this.marketsByCode.get(prodcode);
  }

  get markets(): MarketPoint[] {
    return [...this.marketsByCode.values()];
  }

  /** The zip codes of a market, in zip order. */
  zipsOfMarket(prodcode: string): readonly ZipPoint[] {
    return this.byMarket.get(prodcode) ?? [];
  }

  /** Zip points within `km` of a point (measured on a plane around it), nearest first (ties by zip). */
  within(lat: number, lng: number, km: number): { point: ZipPoint; km: number }[] {
    const { dLat, dLng } = kmInDegrees(km, lat);
    const found: { point: ZipPoint; km: number }[] = [];
    const latFrom = Math.floor((lat - dLat) / CELL_DEGREES);
    const latTo = Math.floor((lat + dLat) / CELL_DEGREES);
    const lngFrom = Math.floor((lng - Math.min(dLng, 180)) / CELL_DEGREES);
    const lngTo = Math.floor((lng + Math.min(dLng, 180)) / CELL_DEGREES);
    for (let i = latFrom; i <= latTo; i++) {
      for (let j = lngFrom; j <= lngTo; j++) {
        for (const point of this.grid.get(cellKey(i, j)) ?? []) {
          const distance = localKm(lat, lng, point.lat, point.lng);
          if (distance <= km) found.push({ point, km: distance });
        }
      }
    }
    return found.sort((a, b) => a.km - b.km || (a.point.zip < b.point.zip ? -1 : 1));
  }
}
