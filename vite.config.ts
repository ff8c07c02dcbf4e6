import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { BACK_OFFICE_FOLDERS, foldersPattern } from './scripts/backOfficeFolders.ts';
import { drawnPageChunks } from './scripts/drawnPageChunks.ts';
import { optionalMapbox } from './scripts/optionalMapbox.ts';
import { precompress } from './scripts/precompress.ts';
import { preloadFonts } from './scripts/preloadFonts.ts';
import { recordOrigins } from './scripts/recordOrigins.ts';

/** The back office's modules (issue 31): its route files and its own folders. */
const BACK_OFFICE = new RegExp(
  `[\\\\/](${foldersPattern(['src/routes/admin', ...BACK_OFFICE_FOLDERS])})[\\\\/]`,
);

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [
    // The router plugin must run before react() so it can split route files first.
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/routes',
      generatedRouteTree: './src/routeTree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    recordOrigins(),
    drawnPageChunks({
      app: 'src/system/start.ts',
      takeOver: 'src/ssr/adopt.ts',
      atStart: ['src/features/location/PlaceCombobox.tsx'],
    }),
    preloadFonts(),
    precompress(),
    optionalMapbox(),
  ],
  // The server entry carries its libraries with it: the built app then runs wherever it is put.
  ssr: { noExternal: true },
  build: {
    target: 'es2022',
    // Maps are built beside each chunk (dist/assets/*.map, for reading a reported stack) without the
    // `sourceMappingURL` line in every chunk: 35 such lines were 1.1 KB of the first route, gzipped.
    sourcemap: 'hidden',
    reportCompressedSize: false,
    // Fonts are never inlined as data: addresses, which the Content-Security-Policy (font-src 'self')
    // refuses; a small subset of a font (Manrope's Cyrillic extension, 2.5 KB) would be.
    assetsInlineLimit: (file: string) => (file.endsWith('.woff2') ? false : undefined),
    // scripts/size.ts reads it to tell the first route's chunks from the lazy ones.
    manifest: true,
    // Issue 31: the entry lists what each lazy chunk imports, to preload it; for the back office's
    // chunks those lists would grow every visitor's first route. Staff pages load their imports
    // when they are opened instead.
    modulePreload: {
      resolveDependencies: (file: string, deps: string[]) => (file.includes('assets/admin-') ? [] : deps),
    },
    // The server entry's build (src/entry-server.tsx, in dist/.ssr) needs no copy of public/.
    copyPublicDir: !isSsrBuild,
    // The browser's build has a second entry: the script of pages the server drew (src/boot.ts),
    // which the server puts in place of the app's script (server/ssr/page.ts).
    ...(isSsrBuild
      ? {}
      : {
          rolldownOptions: {
            input: { index: 'index.html', boot: 'src/boot.ts' },
            // React in a chunk of its own: on a drawn page, src/boot.ts runs it, then the app, each in
            // a task of its own, rather than one long task a phone spends unable to answer a tap.
            output: {
              // Issue 31: the back office's chunks are named apart, so their preload lists (below) can
              // be left out of the storefront's entry.
              chunkFileNames: (chunk) =>
                BACK_OFFICE.test(chunk.facadeModuleId ?? '')
                  ? 'assets/admin-[name]-[hash].js'
                  : 'assets/[name]-[hash].js',
              codeSplitting: {
                groups: [
                  { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
                  // Issue 31: the router in one chunk. Without it, every lazy route tree that shares a few
                  // of its modules with the entry (the back office's) split it into five more chunks, and
                  // the first route grew by 1.5 KB of gzip overhead alone.
                  {
                    name: 'router',
                    test: /node_modules[\\/]@tanstack[\\/](react-router|router-core|history)[\\/]/,
                  },
                ],
              },
            },
          },
        }),
  },
}));
