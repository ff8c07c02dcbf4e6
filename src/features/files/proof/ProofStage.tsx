import { useSelector } from '@xstate/react';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { proofViewerMachine } from '../../../../machines/files/proofViewer.machine';
import { PdfCanvas } from './PdfCanvas';
import { ProofOverlay } from './ProofOverlay';
import type { NumberedPlace, ProofBoxes } from './proofBoxes';
import type { ProofPin, ProofPoint } from './proofKind';

export type ProofViewerActor = ActorRefFrom<typeof proofViewerMachine>;

/** How far an arrow key moves the page, in CSS pixels. */
const ARROW_STEP = 40;
/** How far past the frame's edge a moved page's edge may go, in CSS pixels. */
const PAN_MARGIN = 48;
/** A press that moves less than this is a click (a pick), not a drag. */
const CLICK_SLOP = 4;

interface Size {
  width: number;
  height: number;
}

/**
 * Picking starts from the comment form (below the proof on a phone): the proof (the ring's frame) takes
 * the focus as the picking ring appears in it.
 */
const focusFrameOf = (ring: HTMLElement | null) => {
  const proof = ring?.parentElement;
  proof?.focus();
  proof?.scrollIntoView?.({ block: 'nearest' });
};

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The page shown large: fitted to the proof at zoom 1, moved by dragging or the arrow keys, zoomed with
 * Ctrl/⌘ and the wheel or + and −; PageUp and PageDown turn pages. While picking, a click or Enter
 * (at the cross in the middle) gives the point under it as fractions of the page.
 */
export function ProofStage({
  actor,
  name,
  instructionsId,
  page,
  doc,
  showImage,
  boxes,
  showBoxes,
  marks,
  pins,
  picking,
  onPickPoint,
  onCancelPick,
  onAspect,
}: {
  actor: ProofViewerActor;
  name: string;
  instructionsId: string;
  page: number;
  doc: PDFDocumentProxy | null;
  /** Shows the image in the element it is given (its object URL), while it is there. */
  showImage: ((element: HTMLImageElement | null) => (() => void) | undefined) | null;
  boxes: ProofBoxes | null;
  showBoxes: boolean;
  marks: readonly NumberedPlace[];
  pins: readonly ProofPin[];
  picking: boolean;
  onPickPoint: ((point: ProofPoint) => void) | undefined;
  /** Escape while picking: no point is pinned. */
  onCancelPick?: (() => void) | undefined;
  onAspect(aspect: number): void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  // The proof's own size, followed as the window changes.
  const [box, setBox] = useState<Size>({ width: 0, height: 0 });
  const sheet = useRef<HTMLDivElement>(null);
  const zoom = useSelector(actor, (s) => s.context.zoom);
  const pan = useSelector(actor, (s) => s.context.pan);
  const pages = useSelector(actor, (s) => s.context.pages);
  const [natural, setNatural] = useState<Size | null>(null);
  const fit = natural && box.width > 0 ? Math.min(box.width / natural.width, box.height / natural.height) : 0;
  useEffect(() => {
    if (fit > 0) actor.send({ type: 'proof.measured', actual: 1 / fit });
  }, [actor, fit]);
  const width = natural ? natural.width * fit * zoom : 0;
  const height = natural ? natural.height * fit * zoom : 0;
  // Moved, the page never leaves the frame: its edge goes at most PAN_MARGIN past the frame's (a page
  // larger than the frame keeps covering it but for that margin).
  useEffect(() => {
    if (width <= 0 || box.width <= 0) return;
    actor.send({
      type: 'pan.limit',
      x: Math.abs(width - box.width) / 2 + PAN_MARGIN,
      y: Math.abs(height - box.height) / 2 + PAN_MARGIN,
    });
  }, [actor, width, height, box.width, box.height]);
  const left = (box.width - width) / 2 + pan.x;
  const top = (box.height - height) / 2 + pan.y;

  const takeSize = useCallback(
    (size: Size) => {
      setNatural((was) => (was && was.width === size.width && was.height === size.height ? was : size));
      onAspect(size.width / size.height);
    },
    [onAspect],
  );
  const failed = useCallback(
    (message: string) => actor.send({ type: 'proof.renderFailed', message }),
    [actor],
  );

  // A pick that found no page (the page moved away from the ring) is said, not silently dropped.
  // How many misses in a row (0: none): each new one re-keys the sentence, so it is said again.
  const [missed, setMissed] = useState(0);
  // Picking ended, the count starts again (adjusted while rendering, before anything shows it).
  const [wasPicking, setWasPicking] = useState(picking);
  if (wasPicking !== picking) {
    setWasPicking(picking);
    if (!picking) setMissed(0);
  }
  const pickAt = (clientX: number, clientY: number) => {
    const rect = sheet.current?.getBoundingClientRect();
    if (!rect || !onPickPoint || rect.width === 0 || rect.height === 0) return;
    const x = (clientX - rect.left) / rect.width;
    const y = (clientY - rect.top) / rect.height;
    setMissed((n) => (x < 0 || x > 1 || y < 0 || y > 1 ? n + 1 : 0));
    if (x < 0 || x > 1 || y < 0 || y > 1) return;
    onPickPoint({ page, x: clamp01(x), y: clamp01(y) });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const send = (done: Parameters<typeof actor.send>[0]) => {
      event.preventDefault();
      actor.send(done);
    };
    if (event.key === '+' || event.key === '=') send({ type: 'zoom.in' });
    else if (event.key === '-' || event.key === '_') send({ type: 'zoom.out' });
    else if (event.key === '0') send({ type: 'zoom.fit' });
    else if (event.key === 'ArrowLeft') send({ type: 'pan.by', dx: ARROW_STEP, dy: 0 });
    else if (event.key === 'ArrowRight') send({ type: 'pan.by', dx: -ARROW_STEP, dy: 0 });
    else if (event.key === 'ArrowUp') send({ type: 'pan.by', dx: 0, dy: ARROW_STEP });
    else if (event.key === 'ArrowDown') send({ type: 'pan.by', dx: 0, dy: -ARROW_STEP });
    // One page: the keys are left to scroll the page they are on.
    else if (event.key === 'PageDown' && pages > 1) send({ type: 'page.next' });
    else if (event.key === 'PageUp' && pages > 1) send({ type: 'page.previous' });
    else if (event.key === 'Escape' && picking && onCancelPick) {
      event.preventDefault();
      onCancelPick();
    } else if (event.key === 'Enter' && picking) {
      event.preventDefault();
      const rect = frame.current?.getBoundingClientRect();
      if (rect) pickAt(rect.left + rect.width / 2, rect.top + rect.height / 2);
    }
  };

  const press = useRef<{ x: number; y: number; moved: number } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    press.current = { x: event.clientX, y: event.clientY, moved: 0 };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const was = press.current;
    if (!was) return;
    const dx = event.clientX - was.x;
    const dy = event.clientY - was.y;
    press.current = { x: event.clientX, y: event.clientY, moved: was.moved + Math.abs(dx) + Math.abs(dy) };
    if (dx !== 0 || dy !== 0) actor.send({ type: 'pan.by', dx, dy });
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const was = press.current;
    press.current = null;
    if (was && was.moved < CLICK_SLOP && picking) pickAt(event.clientX, event.clientY);
  };

  // The frame's size and Ctrl/⌘ with the wheel, followed while the frame is there: the wheel zooms the
  // proof, not the browser's page (a listener that may prevent it, which React's onWheel cannot be).
  const followFrame = useCallback(
    (element: HTMLDivElement) => {
      frame.current = element;
      const observer = new ResizeObserver(([entry]) => {
        if (entry) setBox({ width: entry.contentRect.width, height: entry.contentRect.height });
      });
      observer.observe(element);
      const wheel = (event: WheelEvent) => {
        if (!event.ctrlKey && !event.metaKey) return;
        event.preventDefault();
        // In proportion to the wheel's travel: a pinch sends many small steps, a mouse wheel a few big
        // ones (lines are about 16 px). Anchored at the pointer.
        const pixels = event.deltaMode === 1 ? event.deltaY * 16 : event.deltaY;
        const rect = element.getBoundingClientRect();
        actor.send({
          type: 'zoom.by',
          factor: Math.exp(-pixels / 200),
          at: {
            x: event.clientX - rect.left - rect.width / 2,
            y: event.clientY - rect.top - rect.height / 2,
          },
        });
      };
      element.addEventListener('wheel', wheel, { passive: false });
      return () => {
        observer.disconnect();
        element.removeEventListener('wheel', wheel);
        frame.current = null;
      };
    },
    [actor],
  );

  // Each pin says its own label (the comment's number, "New" for the one being placed).
  const numberedPins = pins.filter((pin) => pin.page === page);
  return (
    // biome-ignore lint/a11y/useSemanticElements: the proof is a focusable region with its own keys, not a section of the page's outline.
    <div
      ref={followFrame}
      role="region"
      aria-label={`Proof of ${name}`}
      aria-describedby={instructionsId}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: the keys to zoom, move and turn pages act on the focused proof.
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        press.current = null;
      }}
      className={`relative h-[60vh] min-h-72 w-full touch-none select-none overflow-hidden rounded-2xl bg-primary-50 focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-primary-500 tb:h-[70vh] ${
        picking ? 'cursor-crosshair' : 'cursor-grab active:cursor-grabbing'
      }`}
    >
      <div
        ref={sheet}
        className="absolute shadow-lg"
        style={{ left, top, width, height, visibility: natural ? 'visible' : 'hidden' }}
      >
        {doc ? (
          <PdfCanvas doc={doc} page={page} width={width} onSize={takeSize} onFailed={failed} />
        ) : showImage ? (
          <img
            ref={showImage}
            alt=""
            draggable={false}
            className="block size-full bg-white"
            onLoad={(event) => {
              takeSize({
                width: event.currentTarget.naturalWidth,
                height: event.currentTarget.naturalHeight,
              });
              actor.send({ type: 'proof.loaded', pages: 1 });
            }}
            onError={() => failed('The image could not be drawn: download the file to look at it.')}
          />
        ) : null}
        <ProofOverlay
          boxes={showBoxes ? boxes : null}
          marks={marks.filter((mark) => mark.page === page)}
          pins={numberedPins}
        />
      </div>
      {picking ? (
        <span
          ref={focusFrameOf}
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-primary-700"
        />
      ) : null}
      {/* Always in the page (never display:none while empty), so a miss arriving is announced. */}
      <p role="status" className="pointer-events-none absolute inset-x-2 bottom-2">
        {picking && missed > 0 ? (
          <span
            key={missed}
            className="inline-block rounded-xl bg-white px-3 py-1 text-sm font-semibold text-coral-700 shadow"
          >
            No page under the ring: move the page under it with the arrow keys, or click on the page.
          </span>
        ) : null}
      </p>
    </div>
  );
}
