import type { PDFDocumentProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useEffect, useRef } from 'react';

/** Points to CSS pixels: pdf.js measures pages in points (1/72 in), the screen in 1/96 in. */
export const CSS_PER_POINT = 96 / 72;
/** The widest canvas drawn: past it a deep zoom is drawn larger, not sharper (memory). */
const MAX_CANVAS = 4096;
const MAX_PIXELS = 16_000_000;

/**
 * One page of a PDF drawn on a canvas at the size it is shown (times the screen's pixel ratio). Its
 * size at 100 % is told first (`onSize`), so the proof can fit it; a drawing that fails is told too.
 */
export function PdfCanvas({
  doc,
  page,
  width,
  onSize,
  onFailed,
}: {
  doc: PDFDocumentProxy;
  page: number;
  /** The width it is shown at, in CSS pixels (0 until the proof knows it). */
  width: number;
  onSize(size: { width: number; height: number }): void;
  onFailed(message: string): void;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    let task: RenderTask | null = null;
    let gone = false;
    void doc
      .getPage(page)
      .then((proxy) => {
        if (gone) return;
        const natural = proxy.getViewport({ scale: 1 });
        onSize({ width: natural.width * CSS_PER_POINT, height: natural.height * CSS_PER_POINT });
        const element = canvas.current;
        if (!element || width <= 0) return;
        // Capped by width and by area: iOS Safari draws a canvas over ~16.7 M pixels blank, silently.
        const scale = Math.min(
          (width * window.devicePixelRatio) / natural.width,
          MAX_CANVAS / natural.width,
          Math.sqrt(MAX_PIXELS / (natural.width * natural.height)),
        );
        const viewport = proxy.getViewport({ scale });
        element.width = Math.floor(viewport.width);
        element.height = Math.floor(viewport.height);
        task = proxy.render({ canvas: element, viewport });
        return task.promise;
      })
      .catch((error: unknown) => {
        if (gone || (error instanceof Error && error.name === 'RenderingCancelledException')) return;
        onFailed(`Page ${page} could not be drawn: download the file to look at it.`);
      });
    return () => {
      gone = true;
      task?.cancel();
    };
  }, [doc, page, width, onSize, onFailed]);
  return <canvas ref={canvas} className="block size-full bg-white" />;
}
