import {
  type AppScripts,
  RENDERED_ID,
  type RenderedPage,
  type RenderedRoute,
  SCRIPTS_ID,
} from '../../contract/drawnPages';

const ROOT = '<div id="root"></div>';

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

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
 * With `bootScript` (the build's src/boot.ts), the app's script and its chunks leave the head for a
 * second data block, and the boot script fetches them once the page is painted: the page's styles
 * and fonts have the connection to themselves until then.
 */
export function withRenderedRoute(index: string, rendered: RenderedRoute, bootScript: string | null): string {
  if (!index.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT} to draw the page in.`);
  let html = index;
  let scripts = '';
  const entry = bootScript ? MODULE_SCRIPT.exec(html)?.[1] : undefined;
  if (bootScript && entry) {
    const preload = [...html.matchAll(MODULE_PRELOAD)].map((match) => match[1] as string);
    html = html
      .replace(MODULE_SCRIPT, '')
      .replace(MODULE_PRELOAD, '')
      .replace('</head>', () => `<script type="module" crossorigin src="${bootScript}"></script></head>`);
    scripts = dataBlock(SCRIPTS_ID, { entry, preload } satisfies AppScripts);
  }
  const page = dataBlock(RENDERED_ID, { href: rendered.href, calls: rendered.calls } satisfies RenderedPage);
  return html.replace(ROOT, () => `<div id="root">${rendered.html}</div>${page}${scripts}`);
}
