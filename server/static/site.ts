import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DRAWN_PAGE_CHUNKS_FILE, type DrawnPageChunks } from '../../contract/drawnPages';
import { SERVER_BUNDLE_DIR } from '../runtimeFiles';
import type { BootScript } from '../ssr/page';
import { SERVER_ENTRY_DIR } from '../ssr/pageRenderer';
import { type Asset, toAsset } from './asset';

/** The built SPA as the server holds it: its files, and what the build recorded beside them. */
export interface StaticSite {
  assets: Map<string, Asset>;
  index: Asset;
  /** Other origins the build calls (its API and geocoder hosts), for the Content-Security-Policy. */
  origins: string[];
  /** Origins the build loads scripts from (a hosted chat widget, the analytics tag). */
  scriptOrigins: string[];
  /** The script of pages the server draws (src/boot.ts), or null in a build without it. */
  boot: BootScript | null;
}

/** The strings of a list the build wrote (anything else in it is left out). */
const stringsOf = (list: unknown): string[] =>
  Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];

/** The built file of src/boot.ts, from Vite's manifest. */
function readBootScript(dir: string): BootScript | null {
  const file = path.join(dir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, { file?: unknown }>;
  const built = manifest['src/boot.ts']?.file;
  if (typeof built !== 'string') return null;
  return { script: `/${built}`, chunks: readDrawnPageChunks(dir) };
}

/** What a drawn page imports after its entry (scripts/drawnPageChunks.ts); nothing listed without it. */
function readDrawnPageChunks(dir: string): DrawnPageChunks {
  const file = path.join(dir, '.vite', DRAWN_PAGE_CHUNKS_FILE);
  const none: DrawnPageChunks = { routes: {}, routesAtStart: {}, app: [], takeOver: [] };
  if (!existsSync(file)) return none;
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<DrawnPageChunks>;
  const byRoute = (record: unknown) =>
    Object.fromEntries(
      Object.entries(record && typeof record === 'object' ? record : {}).map(([id, list]) => [
        id,
        stringsOf(list),
      ]),
    );
  return {
    routes: byRoute(parsed.routes),
    routesAtStart: byRoute(parsed.routesAtStart),
    app: stringsOf(parsed.app),
    takeOver: stringsOf(parsed.takeOver),
  };
}

function readOrigins(dir: string): { origins: string[]; scripts: string[] } {
  const file = path.join(dir, '.vite', 'origins.json');
  if (!existsSync(file)) return { origins: [], scripts: [] };
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { origins?: unknown; scripts?: unknown };
  return { origins: stringsOf(parsed.origins), scripts: stringsOf(parsed.scripts) };
}

const PRECOMPRESSED = /\.(br|gz)$/;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else yield full;
  }
}

/** The site with its index.html changed by `edit` (the server's settings written into the page). */
export function withIndexHtml(site: StaticSite, edit: (html: string) => string): StaticSite {
  const html = edit(site.index.body.toString('utf8'));
  if (html === site.index.body.toString('utf8')) return site;
  const index = toAsset('/index.html', Buffer.from(html), null);
  const assets = new Map(site.assets);
  assets.set('/index.html', index);
  return { ...site, assets, index };
}

export const hasStaticSite = (dir: string) => existsSync(path.join(dir, 'index.html'));

/**
 * Reads the built SPA into memory once, with the brotli and gzip copies the build wrote beside each
 * file (scripts/precompress.ts), so serving a file is a map lookup rather than disk and compression
 * work per request. A build without them still gets a quick gzip at start-up.
 */
export function loadStaticSite(dir: string): StaticSite {
  const indexPath = path.join(dir, 'index.html');
  if (!existsSync(indexPath)) {
    throw new Error(
      `The built app is missing (${indexPath}). Run \`npm run build\` first, or use \`npm start\`.`,
    );
  }
  const assets = new Map<string, Asset>();
  for (const file of walk(dir)) {
    const relative = path.relative(dir, file);
    // The build's records, its drawing entry and the server's bundle are the server's, never served.
    if (
      !statSync(file).isFile() ||
      PRECOMPRESSED.test(file) ||
      relative.startsWith(`.vite${path.sep}`) ||
      relative.startsWith(`${SERVER_ENTRY_DIR}${path.sep}`) ||
      relative.startsWith(`${SERVER_BUNDLE_DIR}${path.sep}`)
    )
      continue;
    const urlPath = `/${path.relative(dir, file).split(path.sep).join('/')}`;
    assets.set(urlPath, toAsset(urlPath, readFileSync(file), file));
  }
  const index = assets.get('/index.html');
  if (!index) throw new Error('index.html was not loaded.');
  const { origins, scripts } = readOrigins(dir);
  return { assets, index, origins, scriptOrigins: scripts, boot: readBootScript(dir) };
}
