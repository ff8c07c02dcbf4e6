/**
 * A page the server draws (src/entry-server.tsx, served by server/static.ts) and what it carries for
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
}

/** The app's script and the chunks it imports. */
export interface AppScripts {
  entry: string;
  preload: string[];
}
