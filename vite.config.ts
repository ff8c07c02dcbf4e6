import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { recordOrigins } from './scripts/recordOrigins.ts';

export default defineConfig({
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
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    reportCompressedSize: false,
    // scripts/size.ts reads it to tell the first route's chunks from the lazy ones.
    manifest: true,
  },
});
