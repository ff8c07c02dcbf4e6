import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const TEXT = /\.(html|js|mjs|css|json|svg|txt|webmanifest)$/i;

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/**
 * Writes `.br` and `.gz` copies of the built text files (best compression, once, at build time) so
 * the server sends them without compressing per request or at start-up. Source maps get gzip only:
 * only developer tools fetch them.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'adlane:precompress',
    // The browser's build only: the server entry's build (--ssr) has nothing to compress or record.
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of files(outDir)) {
        const isMap = file.endsWith('.map');
        if ((!TEXT.test(file) && !isMap) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        if (!isMap) {
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      }
    },
  };
}
