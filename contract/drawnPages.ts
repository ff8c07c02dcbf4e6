/**
 * A page the server draws (src/entry-server.tsx, served by server/static/serve.ts) and what it carries for
 * the browser to take it over (src/ssr/, src/boot.ts): one description for both sides.
 */

/** The JSON data block with the address drawn and the API answers used. */
export const RENDERED_ID = 'adlane-rendered';
/** The JSON data block with the app's script and its chunks, which src/boot.ts loads after paint. */
export const SCRIPTS_ID = 'adlane-scripts';

/** An API answer a drawing used, as the browser replays it. */
export interface RecordedCall {
  status: number;
  type: string;
  body: string;
}

/** What the browser reads from the page: the address drawn and the answers by call key (`callKey`). */
export interface RenderedPage {
  href: string;
  calls: Record<string, RecordedCall>;
}

/** A drawing, as the server entry hands it to the server. */
export interface RenderedRoute extends RenderedPage {
  /** The page's markup, for the root element. */
  html: string;
  /** The page says it was not found (answered 404). */
  notFound: boolean;
  /** The routes the page matched, outermost first (their code is listed for the browser to fetch). */
  routeIds: string[];
}

/** The app's script, the chunks it imports, and the code the page asks for once it runs. */
export interface AppScripts {
  entry: string;
  /** The chunks the entry imports (on a drawn page, src/boot.ts runs them one by one before it). */
  preload: string[];
  /** The code of the routes the page matched: run one chunk per task before the routes load. */
  routes: string[];
  /** Code the page asks for once it has started (the app's actors): fetched, then run one per task. */
  later: string[];
}

/** The build's record of what pages import after their entry, in dist/.vite/. */
export const DRAWN_PAGE_CHUNKS_FILE = 'drawn-page-chunks.json';

/** What the build says a page imports after its entry (scripts/drawnPageChunks.ts), each list in run order. */
export interface DrawnPageChunks {
  /** By route id: the route's split code and what it imports. */
  routes: Record<string, string[]>;
  /** By route id: what its page imports lazily as soon as it shows (the place picker). */
  routesAtStart: Record<string, string[]>;
  /** Every page's: the app's actors. */
  app: string[];
  /** A drawn page's: taking the page over. */
  takeOver: string[];
}
