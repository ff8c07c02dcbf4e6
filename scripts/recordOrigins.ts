import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { loadEnv, type Plugin } from 'vite';

/** The origin of a configured host, or null for "same origin" (empty) and junk. */
function originOf(value: string | undefined): string | null {
  if (!value) return null;
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`Not a URL: "${value}". Hosts are written like https://api.adlane.example.`);
  }
}

/** Hosted Algolia's hosts for an app id (the ones algoliasearch/lite calls and retries on). */
function algoliaOrigins(appId: string | undefined, searchKey: string | undefined): string[] {
  if (!appId || !searchKey) return [];
  if (!/^[A-Za-z0-9]+$/.test(appId)) throw new Error(`Not an Algolia app id: "${appId}".`);
  const id = appId.toLowerCase();
  return [
    `https://${id}-dsn.algolia.net`,
    `https://${id}.algolia.net`,
    ...[1, 2, 3].map((n) => `https://${id}-${n}.algolianet.com`),
  ];
}

/**
 * Writes dist/.vite/origins.json: the other origins this build calls (VITE_API_HOST,
 * VITE_GEOCODER_HOST, hosted Algolia, Mapbox GL, a hosted chat widget, Google's tag), and the origins it
 * loads scripts from. The server adds them to its Content-Security-Policy, so pointing a build at
 * the real API needs one setting, not two that must agree.
 */
export function recordOrigins(): Plugin {
  let file = '';
  let origins: string[] = [];
  let scripts: string[] = [];
  return {
    name: 'adlane:record-origins',
    // The browser's build only: the server entry's build (--ssr) has nothing to compress or record.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      const env = loadEnv(config.mode, config.envDir || config.root, 'VITE_');
      const merged = { ...env, ...process.env };
      origins = [
        ...new Set([
          ...[originOf(merged.VITE_API_HOST), originOf(merged.VITE_GEOCODER_HOST)].filter((o) => o !== null),
          ...algoliaOrigins(merged.VITE_ALGOLIA_APP_ID, merged.VITE_ALGOLIA_SEARCH_KEY),
          // Mapbox GL (a real token): styles, tiles, sprites and glyphs, and its telemetry.
          ...(merged.VITE_MAPBOX_TOKEN?.startsWith('pk.')
            ? ['https://api.mapbox.com', 'https://events.mapbox.com']
            : []),
        ]),
      ];
      // Scripts from elsewhere: a hosted chat widget, and Google's tag when a tag id is set.
      const tag = merged.VITE_GA_TAG_ID ? ['https://www.googletagmanager.com'] : [];
      // The self-hosted chat widget comes from the API host when that is another origin.
      const chatScript = originOf(merged.VITE_CHAT_SCRIPT_URL) ?? originOf(merged.VITE_API_HOST);
      scripts = [...new Set([chatScript, ...tag].filter((o) => o !== null))];
      if (tag.length)
        origins = [
          ...new Set([
            ...origins,
            ...tag,
            'https://www.google-analytics.com',
            'https://region1.google-analytics.com',
          ]),
        ];
      const chat = originOf(merged.VITE_CHAT_SCRIPT_URL);
      if (chat) origins = [...new Set([...origins, chat])];
      file = path.resolve(config.root, config.build.outDir, '.vite', 'origins.json');
    },
    closeBundle() {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify({ origins, scripts }, null, 2)}\n`);
    },
  };
}
