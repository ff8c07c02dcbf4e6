import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * PGlite's WebAssembly, compiled, and its file-system bundle, read: what opening a folder needs before
 * it touches the folder. Loaded once per process; a spare server process loads them while it waits,
 * so taking over the folder from one that died costs only the opening itself.
 */
export interface PgliteAssets {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}

let loading: Promise<PgliteAssets> | null = null;

export function pgliteAssets(): Promise<PgliteAssets> {
  loading ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pglite, initdb, bundle] = await Promise.all(
      ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((file) => readFile(path.join(dist, file))),
    );
    if (!pglite || !initdb || !bundle) throw new Error('PGlite’s files are missing from its package.');
    return {
      pgliteWasmModule: await WebAssembly.compile(pglite),
      initdbWasmModule: await WebAssembly.compile(initdb),
      fsBundle: new Blob([bundle]),
    };
  })();
  return loading;
}
