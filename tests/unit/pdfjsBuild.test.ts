import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const require = createRequire(import.meta.url);

/*
 * Found by review: pdf.js's modern build calls Map.prototype.getOrInsertComputed and
 * Promise.withResolvers without polyfills, so many current browsers could not open a PDF proof. The
 * proof loads the legacy build and its worker (src/features/files/proof/pdfjs.ts): both must resolve
 * and carry the polyfill.
 */
describe('the pdf.js build the proof loads', () => {
  const source = readFileSync('src/features/files/proof/pdfjs.ts', 'utf8');

  it('is the legacy build, with its own worker', () => {
    expect(source).toContain("import('pdfjs-dist/legacy/build/pdf.mjs')");
    expect(source).toContain("import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url')");
    expect(source).not.toMatch(/import\('pdfjs-dist'\)|pdfjs-dist\/build\//);
  });

  it('resolves, and defines getOrInsertComputed where the browser lacks it', () => {
    for (const file of ['pdfjs-dist/legacy/build/pdf.mjs', 'pdfjs-dist/legacy/build/pdf.worker.min.mjs']) {
      const code = readFileSync(require.resolve(file), 'utf8');
      expect(code).toMatch(/getOrInsertComputed/);
    }
  });
});
