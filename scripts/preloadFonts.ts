import type { Plugin } from 'vite';

/**
 * The fonts of the first screen's text, preloaded from index.html: the display face of the headings
 * (the largest text of most pages) and the body face (one variable file for all its weights). They
 * are found among the build's assets by their source file names (@fontsource), since the built names
 * carry a hash.
 */
const FIRST_SCREEN_FONTS = ['fraunces-latin-700-normal.woff2', 'manrope-latin-wght-normal.woff2'];

export function preloadFonts(): Plugin {
  return {
    name: 'adlane:preload-fonts',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        const assets = Object.values(context.bundle ?? {}).filter((file) => file.type === 'asset');
        return FIRST_SCREEN_FONTS.map((source) => {
          const asset = assets.find((file) =>
            file.originalFileNames.some((name) => name.endsWith(`/${source}`)),
          );
          if (!asset) throw new Error(`The build has no ${source} to preload.`);
          return {
            tag: 'link',
            attrs: {
              rel: 'preload',
              href: `/${asset.fileName}`,
              as: 'font',
              type: 'font/woff2',
              crossorigin: '',
            },
            injectTo: 'head' as const,
          };
        });
      },
    },
  };
}
