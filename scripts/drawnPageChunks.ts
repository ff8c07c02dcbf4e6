import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { DRAWN_PAGE_CHUNKS_FILE, type DrawnPageChunks } from '../contract/drawnPages';

interface Options {
  /** The module every page imports once it starts: the app's actors. */
  app: string;
  /** The module a drawn page imports to take the page over. */
  takeOver: string;
  /** Modules imported lazily as a page starts (not on a click): listed for the routes that import them. */
  atStart: string[];
}

/** A route file's id, as it names itself (`createFileRoute('/shop/$section/')`); null for other files. */
function routeIdOf(file: string): string | null {
  const match = /createFileRoute\(\s*(['"])([^'"]+)\1\s*\)/.exec(readFileSync(file, 'utf8'));
  return match?.[2] ?? null;
}

/**
 * Writes dist/.vite/drawn-page-chunks.json: for each route, the chunks of its code the router splits
 * out (and everything they import) and of what its page imports lazily as it starts, and the chunks
 * of the app's actors and of taking a drawn page over. The server lists them in its pages (server/ssr/page.ts): fetched with the app's own chunks
 * and run one per task, rather than the router and React asking for them later, each a link added
 * to the page inside a task a phone is already busy with, and all run in one.
 */
export function drawnPageChunks(options: Options): Plugin {
  let root = '';
  let file = '';
  let written: DrawnPageChunks = { routes: {}, routesAtStart: {}, app: [], takeOver: [] };
  return {
    name: 'adlane:drawn-page-chunks',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      root = config.root;
      file = path.resolve(config.root, config.build.outDir, '.vite', DRAWN_PAGE_CHUNKS_FILE);
    },
    generateBundle(_output, bundle) {
      const chunks = new Map<string, { imports: string[]; dynamicImports: string[] }>();
      const byModule = new Map<string, string>();
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue;
        chunks.set(fileName, item);
        if (item.facadeModuleId) byModule.set(path.relative(root, item.facadeModuleId), fileName);
      }
      /**
       * A chunk's file and the files it imports statically, each after the ones it imports: run in
       * that order, one at a time, no chunk runs another that has not run yet.
       */
      const closure = (fileName: string, into = new Set<string>(), visiting = new Set<string>()) => {
        if (into.has(fileName) || visiting.has(fileName) || !chunks.has(fileName)) return into;
        visiting.add(fileName);
        for (const imported of chunks.get(fileName)?.imports ?? []) closure(imported, into, visiting);
        into.add(fileName);
        return into;
      };
      const urls = (files: Iterable<string>) => [...files].map((f) => `/${f}`);
      const atStart = new Map(options.atStart.map((module) => [byModule.get(module), module]));

      const routes = new Map<string, Set<string>>();
      const routesAtStart = new Map<string, Set<string>>();
      for (const [module, fileName] of byModule) {
        // The router's split chunks of a route file (`?tsr-split=component`, `…loader`).
        const [source, query] = module.split('?');
        if (!source?.startsWith('src/routes/') || !query?.startsWith('tsr-split')) continue;
        const id = routeIdOf(path.resolve(root, source));
        if (!id) continue;
        routes.set(id, closure(fileName, routes.get(id)));
      }
      for (const [id, files] of routes) {
        const lazy = new Set<string>();
        for (const chunk of files)
          for (const imported of chunks.get(chunk)?.dynamicImports ?? [])
            if (atStart.has(imported)) closure(imported, lazy);
        if (lazy.size > 0) routesAtStart.set(id, lazy);
      }
      const stale = (module: string) =>
        this.error(`${module} is not an entry of any chunk: the list in vite.config.ts is stale.`);
      for (const module of options.atStart) if (!byModule.has(module)) stale(module);
      /** A module's chunk and what it imports. */
      const ofModule = (module: string) => {
        const fileName = byModule.get(module);
        return fileName ? urls(closure(fileName)) : stale(module);
      };
      written = {
        routes: Object.fromEntries([...routes].map(([id, files]) => [id, urls(files)])),
        routesAtStart: Object.fromEntries([...routesAtStart].map(([id, files]) => [id, urls(files)])),
        app: ofModule(options.app),
        takeOver: ofModule(options.takeOver),
      };
    },
    closeBundle() {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(written, null, 2)}\n`);
    },
  };
}
