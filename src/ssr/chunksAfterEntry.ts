import { type AppScripts, SCRIPTS_ID } from '../../contract/drawnPages';

/**
 * The code a page imports after its entry, as the server lists it (server/ssr/page.ts): its routes'
 * and what it asks for once it runs, each chunk after the ones it imports. None on a page the server
 * listed nothing for, or whose list cannot be read.
 */
export function chunksAfterEntry(): Pick<AppScripts, 'routes' | 'later'> {
  let scripts: Partial<AppScripts> = {};
  try {
    scripts = JSON.parse(document.getElementById(SCRIPTS_ID)?.textContent ?? '{}');
  } catch {}
  return { routes: scripts.routes ?? [], later: scripts.later ?? [] };
}
