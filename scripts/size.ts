/**
 * `npm run size`: gzipped JavaScript from the production build in dist/.
 * - First route: what the home page needs before it can render (the entry chunk, everything it
 *   imports statically, and the home route's own split chunks). Target: at most 160 KB gzipped.
 * - Each route: what it adds on top of the entry.
 * - Every lazy chunk, largest first.
 * - Mapbox GL: built only with a Mapbox token (VITE_MAPBOX_TOKEN=pk.…), else no file of it.
 * - Back office first route (/admin/login): the entry, the admin route files' chunks and the staff
 *   guard its sign-in page loads before it renders (issue 31).
 * `--check` exits 1 when the first route is over budget, when map code leaks out of the map pages, when
 * a build without a Mapbox token has Mapbox GL in it, or when any back-office source (its folders in
 * scripts/backOfficeFolders.ts, or the libraries only it uses) is in the storefront's first route: read
 * from the chunks' source maps (built beside them, `sourcemap: 'hidden'`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadEnv } from 'vite';
import { BACK_OFFICE_FOLDERS, foldersPattern } from './backOfficeFolders';
import { hasMapboxToken } from './optionalMapbox';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = path.resolve('dist');
const manifestPath = path.join(dist, '.vite', 'manifest.json');
const BUDGET_KB = 160;
if (!existsSync(manifestPath)) {
  console.error('dist/.vite/manifest.json is missing: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, Chunk>;

const gzCache = new Map<string, number>();
const gz = (file: string) => {
  let size = gzCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    gzCache.set(file, size);
  }
  return size;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(7)} KB`;
const sum = (files: Iterable<string>) => [...files].reduce((total, f) => total + gz(f), 0);

/** A chunk's file and the files of everything it imports statically. */
function closure(key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  if (chunk.file.endsWith('.js')) into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(dep, into);
  return into;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk.');
const entry = closure(entryKey);

/** Route modules are split per route file: group their chunks by the route file they come from. */
const routes = new Map<string, Set<string>>();
for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !key.startsWith('src/routes/')) continue;
  const route = key.replace(/\?.*$/, '');
  const files = routes.get(route) ?? new Set<string>();
  for (const file of closure(key)) if (!entry.has(file)) files.add(file);
  routes.set(route, files);
}

const homeFiles = routes.get('src/routes/index.tsx') ?? new Set<string>();
const firstRoute = new Set([...entry, ...homeFiles]);
const firstTotal = sum(firstRoute);

console.log('First route (home page: entry + its route chunks)');
for (const file of [...firstRoute].sort((a, b) => gz(b) - gz(a)))
  console.log(`  ${file.padEnd(48)}${kb(gz(file))}`);
const verdict = firstTotal / 1024 <= BUDGET_KB ? 'within' : 'OVER';
console.log(
  `  ${'total'.padEnd(48)}${kb(firstTotal)}   (${verdict} the ${BUDGET_KB} KB budget: ${firstTotal} of ${BUDGET_KB * 1024} bytes)`,
);

// Issue 31: the back office is a lazily loaded subtree of the same router. Its first route is what
// /admin/login needs before it renders: the entry, the admin route files' own chunks, and the staff
// guard that `beforeLoad` imports.
const BACK_OFFICE_ROUTES = ['src/routes/admin/$.tsx'];
const backOfficeFirst = new Set(entry);
for (const route of BACK_OFFICE_ROUTES) for (const file of routes.get(route) ?? []) backOfficeFirst.add(file);
for (const file of closure('src/system/admin/guard.ts')) backOfficeFirst.add(file);
console.log('\nBack office first route (/admin/login: entry + its route chunks + the staff guard)');
for (const file of [...backOfficeFirst].filter((f) => !entry.has(f)).sort((a, b) => gz(b) - gz(a)))
  console.log(`  ${file.padEnd(48)}${kb(gz(file))}`);
console.log(`  ${'entry (shared with the storefront)'.padEnd(48)}${kb(sum(entry))}`);
console.log(`  ${'total'.padEnd(48)}${kb(sum(backOfficeFirst))}`);

// Nothing of the back office may ride in the storefront's first route: its sources, by the chunks'
// source maps.
const BACK_OFFICE_SOURCE = new RegExp(
  `(^|/)((${foldersPattern(BACK_OFFICE_FOLDERS)})[\\\\/]|node_modules/(otplib|@otplib|qrcode|@tanstack/react-table|@tanstack/table-core)/)`,
);
const sourcesOf = (file: string): string[] => {
  const map = path.join(dist, `${file}.map`);
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources?: string[] }).sources ?? [];
};
// The bundler's own helpers (its runtime, Vite's preload helper) come without a map: no source of ours.
const BUNDLER_HELPERS = /^assets\/(rolldown-runtime|preload-helper)-[\w-]+\.js$/;
const unmapped = [...firstRoute].filter(
  (file) => !BUNDLER_HELPERS.test(file) && !existsSync(path.join(dist, `${file}.map`)),
);
const backOfficeInStorefront = [...firstRoute].flatMap((file) =>
  sourcesOf(file)
    .filter((source) => BACK_OFFICE_SOURCE.test(source))
    .map((source) => `${file}: ${source.replace(/^(\.\.\/)+/, '')}`),
);
const backOfficeVerdict = backOfficeInStorefront.length === 0 && unmapped.length === 0;
console.log('  in the storefront first route:');
if (unmapped.length > 0) console.log(`  NO SOURCE MAP for ${unmapped.join(', ')}: cannot tell`);
for (const line of backOfficeInStorefront) console.log(`  LEAKED ${line}`);
if (backOfficeVerdict) console.log('  none of the back office (its sources and its libraries)');

// Modules imported dynamically as soon as the page starts (not on a click): not needed to render
// the first route, but fetched right after it. Shown so the budget is read with them in mind.
const FETCHED_AT_START = ['src/system/start.ts', 'src/features/location/PlaceCombobox.tsx'];
const deferred = new Set<string>();
for (const source of FETCHED_AT_START) {
  // A module also imported statically by lazy chunks lands in a shared chunk keyed by its name.
  const stem = path.basename(source).replace(/\.[jt]sx?$/, '');
  const keys = Object.keys(manifest).filter((key) => key === source || key.startsWith(`_${stem}-`));
  for (const key of keys) for (const file of closure(key)) if (!firstRoute.has(file)) deferred.add(file);
}
console.log('\nFetched right after the first render (the session system and the place picker)');
for (const file of [...deferred].sort((a, b) => gz(b) - gz(a)))
  console.log(`  ${file.padEnd(48)}${kb(gz(file))}`);
console.log(`  ${'first route + these'.padEnd(48)}${kb(firstTotal + sum(deferred))}`);

console.log('\nWhat each route adds on top of the entry');
for (const [route, files] of [...routes].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${route.replace('src/routes/', '').padEnd(48)}${kb(sum(files))}`);
}

console.log('\nLazy chunks (not in the entry)');
const lazy = new Set(
  Object.values(manifest)
    .map((c) => c.file)
    .filter((f) => f.endsWith('.js') && !entry.has(f)),
);
for (const file of [...lazy].sort((a, b) => gz(b) - gz(a)))
  console.log(`  ${file.padEnd(48)}${kb(gz(file))}`);

const css = Object.values(manifest).flatMap((c) => (c.file.endsWith('.css') ? [c.file] : []));
const entryCss = manifest[entryKey]?.['css' as keyof Chunk] as string[] | undefined;
console.log('\nStylesheets');
for (const file of new Set([...css, ...(entryCss ?? [])])) console.log(`  ${file.padEnd(48)}${kb(gz(file))}`);

// Map code (MapLibre, Mapbox GL, the basemap) must load only with pages that show a map: it is
// reached only through AreaMap's dynamic imports, never from the entry or a route's own chunks.
const MAP_ENGINES = ['src/features/map/maplibreEngine.ts', 'src/features/map/mapboxEngine.ts'];
const mapFiles = new Set(MAP_ENGINES.flatMap((key) => [...closure(key)]).filter((f) => !entry.has(f)));
for (const key of MAP_ENGINES) {
  const file = manifest[key]?.file;
  if (file) mapFiles.add(file);
}
const leaks = [...routes].filter(([, files]) => [...mapFiles].some((f) => files.has(f))).map(([r]) => r);
const inEntry = MAP_ENGINES.filter((key) => {
  const file = manifest[key]?.file;
  return file !== undefined && entry.has(file);
});
const mapPages = Object.entries(manifest)
  .filter(([, chunk]) => (chunk.dynamicImports ?? []).includes('src/features/map/AreaMap.tsx'))
  .map(([key]) => key.replace(/\?.*$/, '').replace('src/', ''));
console.log('\nMap code (loaded only by pages that show a map)');
for (const file of [...mapFiles].sort((a, b) => gz(b) - gz(a)))
  console.log(`  ${file.padEnd(48)}${kb(gz(file))}`);
console.log(`  loaded from: ${[...new Set(mapPages)].join(', ') || 'nowhere'}`);
const mapVerdict = leaks.length === 0 && inEntry.length === 0;
console.log(
  mapVerdict
    ? '  in no route chunk and not in the entry'
    : `  LEAKED into: ${[...inEntry.map(() => 'the entry'), ...leaks].join(', ')}`,
);

// The machine inspector is built only on request (VITE_INSPECTOR=true): say whether this build has it.
const inspectorChunk = Object.entries(manifest).find(([key]) =>
  key.endsWith('features/inspector/InspectorPage.tsx'),
);
console.log('\nMachine inspector');
console.log(
  inspectorChunk
    ? `  ${inspectorChunk[1].file.padEnd(48)}${kb(gz(inspectorChunk[1].file))}   (built with VITE_INSPECTOR=true)`
    : '  not in this build (build with VITE_INSPECTOR=true to include it)',
);

// mapbox-gl is an optional dependency (scripts/optionalMapbox.ts): a build without a token has none of it.
const withMapbox = hasMapboxToken(loadEnv('production', process.cwd(), 'VITE_').VITE_MAPBOX_TOKEN);
const mapboxFiles = readdirSync(path.join(dist, 'assets')).filter(
  (file) => /mapbox/i.test(file) && !/\.(br|gz|map)$/.test(file),
);
console.log('\nMapbox GL');
for (const file of mapboxFiles) console.log(`  assets/${file.padEnd(41)}${kb(gz(`assets/${file}`))}`);
const mapboxVerdict = withMapbox || mapboxFiles.length === 0;
console.log(
  withMapbox
    ? '  built in: VITE_MAPBOX_TOKEN is a Mapbox token'
    : mapboxVerdict
      ? '  not in this build (no Mapbox token)'
      : '  BUILT without a Mapbox token: only a build with VITE_MAPBOX_TOKEN=pk.… may have it',
);

if (
  process.argv.includes('--check') &&
  (verdict === 'OVER' || !mapVerdict || !mapboxVerdict || !backOfficeVerdict)
)
  process.exit(1);
