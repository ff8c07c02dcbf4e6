import { assign, fromPromise, setup } from 'xstate';
import type { AdFile } from '../../contract/adFiles';
import { messageOf } from '../failures';

/**
 * What the proof shows: the file's record (checks, sheet) and its bytes with their media type (the
 * view makes the URL it draws from, and lets it go with the view); an e-mail's HTML as text, for a
 * sandboxed frame.
 */
/** What a browser's Blob offers that the proof needs (machines/ knows no DOM; the view checks it is one). */
export interface HeldBytes {
  readonly size: number;
  readonly type: string;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface ProofSource {
  file: AdFile;
  /**
   * The bytes as the browser holds them: a Blob, not an ArrayBuffer, so a 500 MB video is not copied
   * into the page's memory (its object URL reads the blob; a PDF's buffer is made when pdf.js opens it).
   */
  blob: HeldBytes;
  type: string;
  html: string | null;
}

export type ProofViewerEvent =
  /** The page drew the file: a PDF opened with its page count, an image or video decoded (1). */
  | { type: 'proof.loaded'; pages: number }
  /** The file's size at 100 % against the proof's width at "fit": the zoom that shows it 1:1. */
  | { type: 'proof.measured'; actual: number }
  /** The PDF or image could not be drawn (pdf.js refused it, the image did not decode). */
  | { type: 'proof.renderFailed'; message: string }
  | { type: 'proof.retry' }
  | { type: 'page.next' }
  | { type: 'page.previous' }
  | { type: 'page.go'; page: number }
  | { type: 'zoom.in' }
  | { type: 'zoom.out' }
  | { type: 'zoom.fit' }
  | { type: 'zoom.actual' }
  /**
   * Zoom by a factor (a trackpad pinch or Ctrl/⌘ and the wheel: many small steps), keeping the point
   * `at` (CSS pixels from the frame's centre; absent: the centre) where it is on the screen.
   */
  | { type: 'zoom.by'; factor: number; at?: { x: number; y: number } }
  /** Dragged or moved with the arrow keys, in CSS pixels. */
  | { type: 'pan.by'; dx: number; dy: number }
  /**
   * How far the page may be moved each way from the centre (CSS pixels), said by the view whenever the
   * frame, the page or the zoom changes: some of the page always stays in the frame.
   */
  | { type: 'pan.limit'; x: number; y: number };

export interface ProofViewerContext {
  id: string;
  source: ProofSource | null;
  /** Loads so far: the view draws the file again when it grows (a retry). */
  attempt: number;
  pages: number;
  /** 1-based. */
  page: number;
  /** Times the size that fits the proof's width: 1 is "fit". */
  zoom: number;
  /** The zoom at which one pixel of the file is one pixel of the screen (1 until measured). */
  actual: number;
  pan: { x: number; y: number };
  /** How far the pan may go each way (unbounded until the view says). */
  panLimit: { x: number; y: number };
  error: string | null;
}

/** Each step of + and − multiplies or divides the zoom by this. */
export const ZOOM_STEP = 1.25;
export const ZOOM_MIN = 0.25;
export const ZOOM_MAX = 8;

const FALLBACK = 'The file could not be shown. Check your connection and try again.';
const clampZoom = (zoom: number, max = ZOOM_MAX) =>
  Math.min(max, Math.max(ZOOM_MIN, Math.round(zoom * 1000) / 1000));
const STILL = { x: 0, y: 0 };
const UNBOUNDED = { x: Number.POSITIVE_INFINITY, y: Number.POSITIVE_INFINITY };
const within = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value));
const bounded = (pan: { x: number; y: number }, limit: { x: number; y: number }) => ({
  x: within(pan.x, limit.x),
  y: within(pan.y, limit.y),
});

/**
 * The proof viewer of a file (issue 33): its record and bytes are loaded, then the page draws them
 * (pdf.js counts a PDF's pages) and says so; ready, it shows one page at a zoom (1 = the page fits the
 * proof's width) moved by a pan. A load or a drawing that fails can be tried again. Turning the page
 * or fitting puts the page back in place; zooming keeps the pan.
 */
export const proofViewerMachine = setup({
  types: {
    context: {} as ProofViewerContext,
    events: {} as ProofViewerEvent,
    input: {} as { id: string },
  },
  actors: {
    /** GET /files/{id} and its bytes. */
    loadProof: fromPromise<ProofSource, { id: string }>(async () => {
      throw new Error('loadProof is supplied where the actor is created');
    }),
  },
  guards: {
    hasNextPage: ({ context }) => context.page < context.pages,
    hasPreviousPage: ({ context }) => context.page > 1,
    isPageOfFile: ({ context }, params: { page: number }) =>
      Number.isInteger(params.page) && params.page >= 1 && params.page <= context.pages,
  },
  actions: {
    startAttempt: assign(({ context }) => ({ attempt: context.attempt + 1, error: null })),
    keepSource: assign((_, params: { source: ProofSource }) => ({ source: params.source })),
    forgetSource: assign({ source: null }),
    keepFailure: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error, FALLBACK) })),
    keepRenderFailure: assign((_, params: { message: string }) => ({ error: params.message })),
    keepPages: assign((_, params: { pages: number }) => ({
      pages: Math.max(1, Math.floor(params.pages)),
      page: 1,
      zoom: 1,
      pan: STILL,
    })),
    keepActual: assign((_, params: { actual: number }) => ({
      actual: params.actual > 0 && Number.isFinite(params.actual) ? params.actual : 1,
    })),
    turnTo: assign((_, params: { page: number }) => ({ page: params.page, pan: STILL })),
    // Never past eight times, nor past 100 % when that is further (a large file on a phone).
    zoomTo: assign(({ context }, params: { zoom: number }) => ({
      zoom: clampZoom(params.zoom, Math.max(ZOOM_MAX, context.actual)),
    })),
    fit: assign({ zoom: 1, pan: STILL }),
    zoomBy: assign(({ context }, params: { factor: number; at: { x: number; y: number } }) => {
      if (!(params.factor > 0) || !Number.isFinite(params.factor)) return {};
      const zoom = clampZoom(context.zoom * params.factor, Math.max(ZOOM_MAX, context.actual));
      // The point under the pointer stays there: the page's offset from it scales with the zoom.
      const f = zoom / context.zoom;
      return {
        zoom,
        pan: {
          x: f * context.pan.x + (1 - f) * params.at.x,
          y: f * context.pan.y + (1 - f) * params.at.y,
        },
      };
    }),
    panBy: assign(({ context }, params: { dx: number; dy: number }) => ({
      pan: bounded({ x: context.pan.x + params.dx, y: context.pan.y + params.dy }, context.panLimit),
    })),
    keepPanLimit: assign(({ context }, params: { x: number; y: number }) => {
      const limit = { x: Math.max(0, params.x), y: Math.max(0, params.y) };
      return { panLimit: limit, pan: bounded(context.pan, limit) };
    }),
  },
}).createMachine({
  id: 'proofViewer',
  context: ({ input }) => ({
    id: input.id,
    source: null,
    attempt: 0,
    pages: 1,
    page: 1,
    zoom: 1,
    actual: 1,
    pan: STILL,
    panLimit: UNBOUNDED,
    error: null,
  }),
  initial: 'loading',
  on: {
    'proof.measured': { actions: { type: 'keepActual', params: ({ event }) => ({ actual: event.actual }) } },
    'pan.limit': { actions: { type: 'keepPanLimit', params: ({ event }) => ({ x: event.x, y: event.y }) } },
  },
  states: {
    loading: {
      entry: 'startAttempt',
      initial: 'fetching',
      states: {
        fetching: {
          invoke: {
            src: 'loadProof',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: 'drawing',
              actions: { type: 'keepSource', params: ({ event }) => ({ source: event.output }) },
            },
            onError: {
              target: '#proofViewer.failed',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        /** The page draws the bytes: pdf.js opens the PDF, the image decodes. */
        drawing: {
          on: {
            'proof.loaded': {
              target: '#proofViewer.ready',
              actions: { type: 'keepPages', params: ({ event }) => ({ pages: event.pages }) },
            },
          },
        },
      },
      on: {
        'proof.renderFailed': {
          target: 'failed',
          actions: { type: 'keepRenderFailure', params: ({ event }) => ({ message: event.message }) },
        },
      },
    },
    ready: {
      on: {
        'page.next': {
          guard: 'hasNextPage',
          actions: { type: 'turnTo', params: ({ context }) => ({ page: context.page + 1 }) },
        },
        'page.previous': {
          guard: 'hasPreviousPage',
          actions: { type: 'turnTo', params: ({ context }) => ({ page: context.page - 1 }) },
        },
        'page.go': {
          guard: { type: 'isPageOfFile', params: ({ event }) => ({ page: event.page }) },
          actions: { type: 'turnTo', params: ({ event }) => ({ page: event.page }) },
        },
        'zoom.in': {
          actions: { type: 'zoomTo', params: ({ context }) => ({ zoom: context.zoom * ZOOM_STEP }) },
        },
        'zoom.out': {
          actions: { type: 'zoomTo', params: ({ context }) => ({ zoom: context.zoom / ZOOM_STEP }) },
        },
        'zoom.fit': { actions: 'fit' },
        'zoom.by': {
          actions: {
            type: 'zoomBy',
            params: ({ event }) => ({ factor: event.factor, at: event.at ?? STILL }),
          },
        },
        'zoom.actual': { actions: { type: 'zoomTo', params: ({ context }) => ({ zoom: context.actual }) } },
        'pan.by': { actions: { type: 'panBy', params: ({ event }) => ({ dx: event.dx, dy: event.dy }) } },
        'proof.renderFailed': {
          target: 'failed',
          actions: { type: 'keepRenderFailure', params: ({ event }) => ({ message: event.message }) },
        },
      },
    },
    failed: {
      on: {
        'proof.retry': {
          target: 'loading',
          actions: 'forgetSource',
        },
      },
    },
  },
});
