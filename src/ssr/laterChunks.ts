import { type AppScripts, SCRIPTS_ID } from '../../contract/drawnPages';

/**
 * The chunks a page the server drew imports once the app starts (its routes' code, taking the page
 * over, the app's actors), as server/ssr/page.ts lists them: each after the ones it imports. None on
 * a page the server did not draw.
 */
export function laterChunks(): string[] {
  const block = document.getElementById(SCRIPTS_ID);
  try {
    const scripts = JSON.parse(block?.textContent ?? 'null') as Partial<AppScripts> | null;
    return Array.isArray(scripts?.later) ? scripts.later.filter((href) => typeof href === 'string') : [];
  } catch {
    return [];
  }
}
