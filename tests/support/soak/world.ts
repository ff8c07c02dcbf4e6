import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { MediaType } from '../../../contract/mediaTypes';
import { mediaPath } from '../../../contract/shopPaths';
import { hasStaticSite } from '../../../server/static/site';
import { call } from '../httpShop';
import type { SoakRecord } from './record';

/**
 * What the soak's clients find before the load starts: placements on sale to search, quote and order,
 * small real images to upload, and the built site's pages and files to browse.
 */

export interface OnSale {
  mediacode: string;
  type: MediaType;
  /** Its first date on sale and its smallest quantity. */
  date: string;
  quantity: number;
}

export interface Image {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

export interface Site {
  /** Pages of the SPA (drawn by the server or its index.html). */
  pages: string[];
  /** The build's files: scripts, styles, fonts, images. */
  files: string[];
}

export interface World {
  base: string;
  port: number;
  record: SoakRecord;
  placements: OnSale[];
  /** Type and zip code pairs the shop is searched with. */
  searches: { type: MediaType; zip: string }[];
  images: Image[];
  site: Site | null;
}

const TYPES: MediaType[] = ['printmag', 'tv', 'ctv', 'digital', 'dooh'];
const ZIPS = ['60614', '10001', '90012', '77002', '98101', '30303', '02108', '80202'];
/** Placements of each type learned per zip code, so orders spread over several. */
const PER_SEARCH = 2;

/** Placements of several types near a few zip codes that have a date on sale. */
async function placementsOnSale(base: string): Promise<OnSale[]> {
  const found: OnSale[] = [];
  for (const [i, type] of TYPES.entries()) {
    const zip = ZIPS[i % ZIPS.length] ?? '60614';
    const search = await call<{ items: { mediacode: string }[] }>(
      base,
      'POST',
      `/media/search?media_types[]=${type}&zip[]=${zip}&per_page=10`,
    );
    let kept = 0;
    for (const { mediacode } of search.items) {
      if (kept === PER_SEARCH) break;
      const dates = await call<{
        options: { value: string; available: boolean }[];
        quantities: { value: number }[];
      }>(base, 'GET', `/media/${mediacode}/availability`);
      const open = dates.options.find((option) => option.available);
      const quantity = dates.quantities[0]?.value;
      if (!open || quantity === undefined) continue;
      found.push({ mediacode, type, date: open.value, quantity });
      kept += 1;
    }
  }
  if (found.length === 0) throw new Error('No placement has a date on sale: the soak has nothing to order.');
  return found;
}

/** Pixels that do not compress, so an image is a few hundred kilobytes and uploads in real parts. */
export const noise = (width: number, height: number): Buffer => randomBytes(width * height * 3);

/** A photo-like JPEG and PNG and a flat PNG, from about 6 to 230 KB. */
async function smallImages(): Promise<Image[]> {
  const raw = (width: number, height: number) =>
    sharp(noise(width, height), { raw: { width, height, channels: 3 } });
  const image = async (name: string, type: string, bytes: Promise<Buffer>) => {
    const buffer = await bytes;
    return {
      name,
      type,
      bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.length) as Uint8Array<ArrayBuffer>,
    };
  };
  return Promise.all([
    image('summer-sale.jpg', 'image/jpeg', raw(640, 480).jpeg({ quality: 80 }).toBuffer()),
    image('banner.png', 'image/png', raw(300, 250).png().toBuffer()),
    image(
      'logo.png',
      'image/png',
      sharp({ create: { width: 600, height: 600, channels: 3, background: '#3366cc' } })
        .png()
        .toBuffer(),
    ),
  ]);
}

/** The build's files as the site serves them (not its records, its server entry or compressed copies). */
function builtFiles(dir: string, under = ''): string[] {
  return readdirSync(path.join(dir, under), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(under, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith('.') ? [] : builtFiles(dir, relative);
    return /\.(br|gz)$/.test(entry.name) || entry.name === 'index.html' ? [] : [`/${relative}`];
  });
}

function siteOf(staticDir: string | null, placements: OnSale[]): Site | null {
  if (!staticDir || !hasStaticSite(staticDir)) return null;
  const placementPages = placements.map((p) => mediaPath({ media_type: p.type, mediacode: p.mediacode }));
  return {
    pages: ['/', '/shop/magazines', '/shop/tv', '/specs', '/info/resources', '/login', ...placementPages],
    files: builtFiles(staticDir),
  };
}

export async function prepareWorld(
  server: { base: string; port: number },
  record: SoakRecord,
  staticDir: string | null,
): Promise<World> {
  const placements = await placementsOnSale(server.base);
  return {
    ...server,
    record,
    placements,
    searches: TYPES.flatMap((type) => ZIPS.map((zip) => ({ type, zip }))),
    images: await smallImages(),
    site: siteOf(staticDir, placements),
  };
}
