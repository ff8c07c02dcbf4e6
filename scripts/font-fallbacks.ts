/**
 * `npx tsx scripts/font-fallbacks.ts`: prints the metric-matched fallback faces of src/styles.css.
 * While a web font loads, text is drawn in a local font (Arial, or Times New Roman for the display
 * face; Liberation Sans and Serif have the same metrics on Linux). Scaled to the web font's average
 * width (size-adjust) and given its ascent and descent, the fallback takes the same room, so the swap
 * moves nothing. Widths are measured in Chromium on English text (the web font from the build's
 * own files); ascent and descent are the fonts' own (Capsize's metrics of Fraunces and Manrope).
 */
import { readFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/browser';

const SAMPLE =
  'Advertise where your customers are, one zip code at a time. Compare real placements in your market, see the price up front, and book online.';

interface Face {
  family: string;
  file: string;
  weight: number;
  /** The local fonts drawn meanwhile, the first one present being used. */
  locals: string[];
  /** Ascent and descent (positive) over units per em, from the font's tables. */
  ascent: number;
  descent: number;
  lineGap: number;
}

const FACES: Face[] = [
  {
    family: 'Fraunces',
    file: 'node_modules/@fontsource/fraunces/files/fraunces-latin-700-normal.woff2',
    weight: 700,
    locals: ['Times New Roman', 'Liberation Serif', 'Tinos'],
    ascent: 1956 / 2000,
    descent: 510 / 2000,
    lineGap: 0,
  },
  {
    family: 'Manrope',
    file: 'node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
    weight: 400,
    locals: ['Arial', 'Liberation Sans', 'Arimo'],
    ascent: 2132 / 2000,
    descent: 600 / 2000,
    lineGap: 0,
  },
];

const browser = await chromium.launch(chromiumLaunchOptions());
const page = await browser.newPage();
const pct = (value: number) => `${(value * 100).toFixed(2)}%`;
for (const face of FACES) {
  const data = readFileSync(face.file).toString('base64');
  const [web, local] = await page.evaluate(
    async ({ data, face, sample }) => {
      const font = new FontFace('Measured', `url(data:font/woff2;base64,${data})`, {
        weight: String(face.weight),
      });
      await font.load();
      document.fonts.add(font);
      // No inner functions: the page runs this as compiled, without the helpers tsx would name them with.
      const context = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
      context.font = `${face.weight} 100px Measured`;
      const web = context.measureText(sample).width;
      context.font = `${face.weight} 100px ${face.locals.map((name) => `"${name}"`).join(', ')}`;
      return [web, context.measureText(sample).width];
    },
    { data, face, sample: SAMPLE },
  );
  const sizeAdjust = web / local;
  console.log(`@font-face {
  font-family: "${face.family} Fallback";
  src: ${face.locals.map((name) => `local("${name}")`).join(', ')};
  size-adjust: ${pct(sizeAdjust)};
  ascent-override: ${pct(face.ascent / sizeAdjust)};
  descent-override: ${pct(face.descent / sizeAdjust)};
  line-gap-override: ${pct(face.lineGap / sizeAdjust)};
}`);
}
await browser.close();
