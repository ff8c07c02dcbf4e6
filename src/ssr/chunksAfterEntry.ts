import { type AppScripts, SCRIPTS_ID } from '../../contract/drawnPages';

/**
 * The code a page imports after its entry, as the server lists it (server/ssr/page.ts): its routes'
 * and what it asks for once it runs, each chunk after the ones it imports. None on a page the server
 * listed nothing for.
 */
export function chunksAfterEntry(): Pick<AppScripts, 'routes' | 'later'> {
  const block = document.getElementById(SCRIPTS_ID);
  const list = (value: unknown) =>
    Array.isArray(value) ? value.filter((href): href is string => typeof href === 'string') : [];
  try {
    const scripts = JSON.parse(block?.textContent ?? 'null') as Partial<AppScripts> | null;
    return { routes: list(scripts?.routes), later: list(scripts?.later) };
  } catch {
    return { routes: [], later: [] };
  }
}
