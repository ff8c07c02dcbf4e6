import { cpSync, existsSync, readdirSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';
import { SERVER_BUNDLE_DIR } from '../server/runtimeFiles';

const root = path.resolve(import.meta.dirname, '..');

/**
 * The server's entries. Besides the supervisor and its server process, the preflight thread's module
 * (piscina loads it by file) and the tracing hook (`node --import`, server/telemetry.ts) must be files
 * of their own.
 */
const ENTRIES = {
  main: 'server/main.ts',
  worker: 'server/worker.ts',
  'preflight-worker': 'server/preflight/worker.ts',
  telemetry: 'server/telemetry.ts',
};

/**
 * Bundles the server into `<staticDir>/.server/` with the files it reads at run time beside it, laid
 * out as in `server/` (server/runtimeFiles.ts): production then runs plain JavaScript with `node`.
 * Every package stays external: it loads from node_modules as from the source, which keeps native and
 * wasm packages (sharp, argon2, PGlite) working and lets OpenTelemetry's loader hook see the modules
 * it instruments (pg, http). The folder must stay under the checkout, whose node_modules it imports.
 */
export async function buildServer(staticDir = path.join(root, 'dist')): Promise<ServerBundle> {
  const outdir = path.join(staticDir, SERVER_BUNDLE_DIR);
  rmSync(outdir, { recursive: true, force: true });
  const { metafile } = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES,
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    packages: 'external',
    // Entries loaded into one process (the traces' set-up with `--import`, then the server process)
    // share their modules' state, the spans to send at a stop among it, instead of a copy each.
    splitting: true,
    sourcemap: 'linked',
    logLevel: 'warning',
    metafile: true,
  });
  cpSync(path.join(root, 'server/db/migrations'), path.join(outdir, 'db/migrations'), { recursive: true });
  const platform = path.join(root, 'server/platform');
  for (const file of readdirSync(platform).filter((name) => name.endsWith('.js')))
    cpSync(path.join(platform, file), path.join(outdir, 'platform', file));
  if (!existsSync(path.join(outdir, 'main.js')))
    throw new Error(`The server bundle has no main.js in ${outdir}.`);
  const packages = new Set(
    Object.values(metafile.outputs).flatMap((output) =>
      output.imports
        .filter((entry) => entry.external && !isBuiltin(entry.path))
        .map((entry) => packageOf(entry.path)),
    ),
  );
  return { outdir, packages: [...packages].sort() };
}

export interface ServerBundle {
  outdir: string;
  /** The packages it imports from node_modules at run time. */
  packages: string[];
}

/** `@scope/name` or `name` of an import such as `drizzle-orm/pg-core`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
