/**
 * Renders the legal documents in scripts/legal/*.html to public/legal/*.pdf with Chromium (the same
 * Debian chromium the browser tests use). The privacy policy breaks pages so that page 3 starts with
 * "Interest-based advertising and AdChoices", where the footer's Adchoices link points.
 * Run `npx tsx scripts/make-legal-pdfs.ts` after editing the HTML; the PDFs are committed. The foot of
 * each page is left empty: the server writes there the company that runs the product, as configured
 * (server/legal/legalPdfs.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumLaunchOptions } from '../tests/browser';

const browser = await chromium.launch(chromiumLaunchOptions());
mkdirSync('public/legal', { recursive: true });
for (const name of ['terms', 'privacy']) {
  const page = await browser.newPage();
  await page.goto(pathToFileURL(path.resolve(`scripts/legal/${name}.html`)).href);
  await page.pdf({
    path: `public/legal/${name}.pdf`,
    format: 'Letter',
    printBackground: true,
    preferCSSPageSize: true,
  });
  await page.close();
  console.log(`Wrote public/legal/${name}.pdf`);
}
await browser.close();
