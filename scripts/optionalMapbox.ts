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

/**
 * mapbox-gl is an optional dependency (65 MB, under Mapbox's own terms): a build with a Mapbox token
 * needs it and says how to get it; a build without one never bundles it (src/features/map/engine.ts
 * branches on `__MAPBOX__`, so no Mapbox chunk is written) and, if it is not installed, anything that
 * still names it gets a module that says why it is absent instead of a resolution error.
 */
export function optionalMapbox(): Plugin {
  let mapbox = false;
  let present = true;
  return {
    name: 'adlane:optional-mapbox',
    config(config, env) {
      const root = config.root ?? process.cwd();
      mapbox = hasMapboxToken(loadEnv(env.mode, root, 'VITE_').VITE_MAPBOX_TOKEN);
      present = installed(root);
      return { define: { __MAPBOX__: JSON.stringify(mapbox) } };
    },
    resolveId(id) {
      if (!MAPBOX_MODULES.has(id) || present) return null;
      if (mapbox)
        this.error(
          'VITE_MAPBOX_TOKEN is a Mapbox token but mapbox-gl is not installed: npm install mapbox-gl',
        );
      return STUB;
    },
    load(id) {
      if (id !== STUB) return null;
      return 'throw new Error("mapbox-gl is loaded only by a build with a Mapbox token (VITE_MAPBOX_TOKEN=pk.…).");';
    },
  };
}
