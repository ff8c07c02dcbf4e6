import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Hono } from 'hono';
import { cookieNames } from '../../contract/cookies';
import type { AppEnv } from '../env';
import { serverFile } from '../runtimeFiles';

const source = (file: string) => readFileSync(serverFile(`platform/${file}`), 'utf8');
/**
 * The widget's files in the order they run: each names its part in a `const` the files after it use,
 * and chatWidget.js, last, draws and answers the page's commands.
 */
const WIDGET_FILES = [
  'chatElements.js',
  'chatLauncherFit.js',
  'chatLauncher.js',
  'chatPanel.js',
  'chatWidget.js',
];
const WIDGET_SOURCES = WIDGET_FILES.map((file) => ({ file, text: source(file) }));
const CONFIG_BLOCK = /\/\*CONFIG\*\/[\s\S]*?\/\*END\*\//;

interface WidgetSettings {
  cookiePrefix: string;
  productName: string;
}

/** The widget script with this server's settings (its browser-id cookie and product name) written in. */
function widgetScript(config: WidgetSettings) {
  const settings = { cookie: cookieNames(config.cookiePrefix).browserId, product: config.productName };
  // Written into chatWidget.js's own settings only: a comment elsewhere cannot take them.
  const parts = WIDGET_SOURCES.map(({ file, text }) =>
    file === 'chatWidget.js' ? text.replace(CONFIG_BLOCK, () => JSON.stringify(settings)) : text,
  );
  // One block: the parts are the widget's own, and nothing of them is left on the page's globals.
  const body = `{\n${parts.join('\n')}\n}\n`;
  const etag = `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`;
  return { body, etag };
}

/** Top-level /chat: the self-hosted widget script (GET /chat/widget.js), cacheable for 5 minutes. */
export function chatWidgetRoutes(config: WidgetSettings) {
  const script = widgetScript(config);
  return new Hono<AppEnv>().get('/widget.js', (c) => {
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=300');
    c.header('ETag', script.etag);
    if (c.req.header('If-None-Match') === script.etag) return c.body(null, 304);
    return c.body(script.body, 200);
  });
}
