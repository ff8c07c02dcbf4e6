import {
  type AppScripts,
  type DrawnPageChunks,
  RENDERED_ID,
  type RenderedPage,
  type RenderedRoute,
  SCRIPTS_ID,
} from '../../contract/drawnPages';

const ROOT = '<div id="root"></div>';

/** The build's script for drawn pages (src/boot.ts) and the code its pages import after their entry. */
export interface BootScript {
  script: string;
  chunks: DrawnPageChunks;
}

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/** index.html's app script and the chunks it preloads; no entry in an index.html without the app. */
function appScriptsOf(index: string): { entry: string | undefined; preload: string[] } {
  const entry = MODULE_SCRIPT.exec(index)?.[1];
  return { entry, preload: [...index.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string) };
}

/**
 * What a page matching `routeIds` imports after its entry, each chunk once, in run order, less what
 * the page already lists: its routes' code, then what it asks for once it runs (what the routes'
 * pages import as they show, taking a drawn page over, the app's actors).
 */
function chunksAfterEntry(
  chunks: DrawnPageChunks,
  routeIds: readonly string[],
  listed: string[],
  drawn: boolean,
): Pick<AppScripts, 'routes' | 'later'> {
  const known = new Set(listed);
  const fresh = (files: string[]) =>
    files.filter((file) => {
      if (known.has(file)) return false;
      known.add(file);
      return true;
    });
  const routes = fresh(routeIds.flatMap((id) => chunks.routes[id] ?? []));
  const later = fresh([
    ...routeIds.flatMap((id) => chunks.routesAtStart[id] ?? []),
    ...(drawn ? chunks.takeOver : []),
    ...chunks.app,
  ]);
  return { routes, later };
}

/**
 * JSON that can sit in an HTML data block: no `<` at all, so neither `</script>` nor `<!--` can end
 * or change the block whatever the API's answers hold.
 */
const blockJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');
const dataBlock = (id: string, value: unknown) =>
  `<script type="application/json" id="${id}">${blockJson(value)}</script>`;

/**
 * index.html with the drawn page in its root element and, after it, what the browser needs to take
 * it over: the address drawn and the API answers used, as a JSON data block. A data block is not a
 * script, so the Content-Security-Policy stays without 'unsafe-inline'.
 *
 * With `boot` (the build's src/boot.ts), the app's script and its chunks leave the head for a
 * second data block, and the boot script fetches them once the page is painted: the page's styles
 * and fonts have the connection to themselves until then. The block also lists the code the page
 * will ask for once the app starts (its routes', taking the page over, the app's actors), to be
 * fetched with them.
 */
export function withRenderedRoute(index: string, rendered: RenderedRoute, boot: BootScript | null): string {
  if (!index.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT} to draw the page in.`);
  let html = index;
  let scripts = '';
  const { entry, preload } = appScriptsOf(html);
  if (boot && entry) {
    const after = chunksAfterEntry(boot.chunks, rendered.routeIds, [entry, ...preload], true);
    html = html
      .replace(MODULE_SCRIPT, '')
      .replace(MODULE_PRELOAD, '')
      .replace('</head>', () => `<script type="module" crossorigin src="${boot.script}"></script></head>`);
    scripts = dataBlock(SCRIPTS_ID, { entry, preload, ...after } satisfies AppScripts);
  }
  const page = dataBlock(RENDERED_ID, { href: rendered.href, calls: rendered.calls } satisfies RenderedPage);
  return html.replace(ROOT, () => `<div id="root">${rendered.html}</div>${page}${scripts}`);
}

/**
 * index.html for a page the browser draws alone (a signed-in visit), with the code of the routes it
 * matches and of the app's actors asked for in its head, next to the app's own chunks, rather than
 * by the router once the app has run; and listed for the app to run one chunk per task (src/main.tsx),
 * as on a drawn page.
 */
export function withRouteChunks(index: string, routeIds: readonly string[], boot: BootScript): string {
  const { entry, preload } = appScriptsOf(index);
  if (!entry) return index;
  const after = chunksAfterEntry(boot.chunks, routeIds, [entry, ...preload], false);
  const files = [...after.routes, ...after.later];
  if (files.length === 0) return index;
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="${file}">`).join('');
  const block = dataBlock(SCRIPTS_ID, { entry, preload, ...after } satisfies AppScripts);
  return index.replace('</head>', () => `${links}</head>`).replace(ROOT, () => `${ROOT}${block}`);
}
