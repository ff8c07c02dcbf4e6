import { fileURLToPath } from 'node:url';

/**
 * Files the server reads at run time (migrations, the chat widget's scripts, the preflight thread's
 * module), found the same way from the source and from the bundle: this module sits in `server/`, and
 * in the bundle (scripts/build-server.ts) its code lives in an entry at `dist/.server/`, beside copies
 * laid out as here. Resolving from each importer's own `import.meta.url` would break once bundled.
 */
export const serverFile = (relative: string): string => fileURLToPath(new URL(relative, import.meta.url));

/** Whether this is the TypeScript source (run through tsx or vitest) rather than the bundle. */
export const runsFromSource = import.meta.url.endsWith('.ts');

/** The preflight thread's module: its source, or its own entry in the bundle. */
export const preflightWorkerFile = (): string =>
  serverFile(runsFromSource ? 'preflight/worker.ts' : 'preflight-worker.js');

/** The bundle's folder inside the build (`dist/`, the static folder), which is never served. */
export const SERVER_BUNDLE_DIR = '.server';
