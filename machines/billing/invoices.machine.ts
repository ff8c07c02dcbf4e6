import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { InvoiceStatus, InvoicesAnswer } from '../../contract/billing';

export type InvoicesEvent =
  /** The filter of the address: every invoice (null) or those of one status. */
  | { type: 'invoices.show'; status: InvoiceStatus | null }
  | { type: 'invoices.retry' }
  /** "Download PDF" of an invoice. */
  | { type: 'invoices.download'; number: string };

export interface InvoicesContext {
  status: InvoiceStatus | null;
  /** The last list loaded, kept on show while another filter loads. */
  answer: InvoicesAnswer | null;
  error: string | null;
  /** The invoice whose PDF is being fetched. */
  downloading: string | null;
  downloadError: { number: string; message: string } | null;
}

const FALLBACK = 'Something went wrong. Check your connection and try again.';
const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : FALLBACK);

/**
 * The Billing page's invoices: the list of the address's filter (a new filter cancels the load under
 * way, so an older answer never shows), and PDF downloads, one at a time, beside it.
 */
export const invoicesMachine = setup({
  types: {
    context: {} as InvoicesContext,
    events: {} as InvoicesEvent,
    input: {} as { status: InvoiceStatus | null },
  },
  actors: {
    /** GET /invoices?status=. */
    loadInvoices: fromPromise<InvoicesAnswer, { status: InvoiceStatus | null }>(async () => {
      throw new Error('loadInvoices is supplied where the actor is created');
    }),
    /** GET /invoices/{number}.pdf, saved by the browser. */
    downloadPdf: fromPromise<void, { number: string }>(async () => {
      throw new Error('downloadPdf is supplied where the actor is created');
    }),
  },
  actions: {
    setStatus: assign((_, params: { status: InvoiceStatus | null }) => ({ status: params.status })),
    keepAnswer: assign((_, params: { answer: InvoicesAnswer }) => ({ answer: params.answer, error: null })),
    keepError: assign((_, params: { error: unknown }) => ({ error: messageOf(params.error) })),
    startDownload: assign((_, params: { number: string }) => ({
      downloading: params.number,
      downloadError: null,
    })),
    endDownload: assign({ downloading: null }),
    keepDownloadError: assign(({ context }, params: { error: unknown }) => ({
      downloadError: context.downloading
        ? { number: context.downloading, message: messageOf(params.error) }
        : null,
      downloading: null,
    })),
  },
  guards: {
    isOtherStatus: ({ context }, params: { status: InvoiceStatus | null }) =>
      context.status !== params.status,
  },
}).createMachine({
  id: 'invoices',
  type: 'parallel',
  context: ({ input }) => ({
    status: input.status,
    answer: null,
    error: null,
    downloading: null,
    downloadError: null,
  }),
  states: {
    list: {
      initial: 'loading',
      on: {
        'invoices.show': {
          guard: { type: 'isOtherStatus', params: ({ event }) => ({ status: event.status }) },
          target: '.loading',
          actions: { type: 'setStatus', params: ({ event }) => ({ status: event.status }) },
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadInvoices',
            input: ({ context }) => ({ status: context.status }),
            onDone: {
              target: 'shown',
              actions: { type: 'keepAnswer', params: ({ event }) => ({ answer: event.output }) },
            },
            onError: {
              target: 'failed',
              actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        shown: {},
        failed: { on: { 'invoices.retry': 'loading' } },
      },
    },
    download: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'invoices.download': {
              target: 'downloading',
              actions: { type: 'startDownload', params: ({ event }) => ({ number: event.number }) },
            },
          },
        },
        downloading: {
          invoke: {
            src: 'downloadPdf',
            input: ({ context }) => ({ number: context.downloading ?? '' }),
            onDone: { target: 'idle', actions: 'endDownload' },
            onError: {
              target: 'idle',
              actions: { type: 'keepDownloadError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

export type InvoicesMachine = typeof invoicesMachine;
type InvoicesSnapshot = SnapshotFrom<InvoicesMachine>;
export const selectInvoices = (s: InvoicesSnapshot) => s.context.answer;
export const selectInvoicesLoading = (s: InvoicesSnapshot) => s.hasTag('loading');
export const selectInvoicesError = (s: InvoicesSnapshot) =>
  s.matches({ list: 'failed' }) ? s.context.error : null;
export const selectDownloading = (s: InvoicesSnapshot) => s.context.downloading;
export const selectDownloadError = (s: InvoicesSnapshot) => s.context.downloadError;
