import { createRequire } from 'node:module';
import { loadEnv, type Plugin } from 'vite';

const MAPBOX_MODULES = new Set(['mapbox-gl', 'mapbox-gl/dist/mapbox-gl.css']);
const STUB = '\0adlane:mapbox-gl-absent';

/** Whether a Mapbox access token (`pk.…`) configures this build: then maps are drawn by Mapbox GL. */
export const hasMapboxToken = (token: string | undefined) => (token ?? '').startsWith('pk.');

const installed = (root: string) => {
  try {
    createRequire(`${root}/package.json`).resolve('mapbox-gl/package.json');
    return true;
  } catch {
    return false;
  }
};

/** The error that stops a build with a Mapbox token when mapbox-gl is not installed. */
export const MAPBOX_MISSING =
  'VITE_MAPBOX_TOKEN is a Mapbox token but mapbox-gl is not installed: npm install mapbox-gl';

/** What becomes of an import: resolved as usual, the stub of an absent mapbox-gl, or a build error. */
export function mapboxImport(
  id: string,
  build: { mapbox: boolean; installed: boolean },
): 'as usual' | 'stub' | { error: string } {
  if (!MAPBOX_MODULES.has(id) || build.installed) return 'as usual';
  return build.mapbox ? { error: MAPBOX_MISSING } : 'stub';
}

/**
 * mapbox-gl is an optional dependency (65 MB, under Mapbox's own terms): a build with a Mapbox token
 * needs it and says how to get it; a build without one never bundles it (src/features/map/engine.ts
 * branches on `__MAPBOX__`, so no Mapbox chunk is written) and, if it is not installed, anything that
 * still names it gets a module that says why it is absent instead of a resolution error.
 */
export function optionalMapbox(): Plugin {
  const build = { mapbox: false, installed: true };
  return {
    name: 'adlane:optional-mapbox',
    config(config, env) {
      const root = config.root ?? process.cwd();
      build.mapbox = hasMapboxToken(loadEnv(env.mode, root, 'VITE_').VITE_MAPBOX_TOKEN);
      build.installed = installed(root);
      return { define: { __MAPBOX__: JSON.stringify(build.mapbox) } };
    },
    resolveId(id) {
      const outcome = mapboxImport(id, build);
      if (outcome === 'as usual') return null;
      if (outcome === 'stub') return STUB;
      return this.error(outcome.error);
    },
    load(id) {
      if (id !== STUB) return null;
      return 'throw new Error("mapbox-gl is loaded only by a build with a Mapbox token (VITE_MAPBOX_TOKEN=pk.…).");';
    },
  };
}
