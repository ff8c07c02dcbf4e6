import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Pdfjs = typeof import('pdfjs-dist/legacy/build/pdf.mjs');

let loading: Promise<Pdfjs> | null = null;

/**
 * pdf.js, loaded the first time a PDF is shown (it is large: the storefront never carries it), with
 * its worker served as one of the build's own files, which the page's policy allows. The legacy build:
 * the modern one calls Map.prototype.getOrInsertComputed and Promise.withResolvers, which many current
 * browsers (Safari before 17.4, among others) lack; the legacy build carries their polyfills.
 */
export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= Promise.all([
    import('pdfjs-dist/legacy/build/pdf.mjs'),
    import('pdfjs-dist/legacy/build/pdf.worker.min.mjs?url'),
  ]).then(([pdfjs, worker]) => {
    pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
    return pdfjs;
  });
  return loading;
}

/** Opens a PDF from its bytes (a buffer made for it: pdf.js hands it to its worker, which keeps it). */
export async function openPdf(bytes: ArrayBuffer): Promise<PDFDocumentProxy> {
  const pdfjs = await loadPdfjs();
  return pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false }).promise;
}
