import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { InvoicesKey, InvoicesListAnswer } from '../../contract/billing';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/** What the list shows (its key, as the address says it) and what it shows are GET /invoices's query and answer. */
export type { InvoicesKey, InvoicesListAnswer };

const isSameInvoicesKey = (a: InvoicesKey, b: InvoicesKey): boolean =>
  a.status === b.status && a.page === b.page;

export type InvoicesEvent =
  /** The address's filter and page (a filter or page link, back and forward). */
  | { type: 'invoices.show'; key: InvoicesKey }
  | { type: 'invoices.retry' }
  /** "Download PDF" of an invoice. */
  | { type: 'invoices.download'; number: string };

export interface InvoicesContext {
  key: InvoicesKey;
  /** The last list loaded, kept on show while another filter or page loads. */
  answer: InvoicesListAnswer | null;
  error: string | null;
  /** The invoice whose PDF is being fetched. */
  downloading: string | null;
  downloadError: { number: string; message: string } | null;
}

/**
 * The Billing page's invoices: the page of the address's filter (a new filter or page cancels the
 * load under way, so an older answer never shows), and PDF downloads, one at a time, beside it.
 */
export const invoicesMachine = setup({
  types: {
    context: {} as InvoicesContext,
    events: {} as InvoicesEvent,
    input: {} as { key: InvoicesKey },
  },
  actors: {
    /** GET /invoices?status=&page=. */
    loadInvoices: fromPromise<InvoicesListAnswer, InvoicesKey>(async () => {
      throw new Error('loadInvoices is supplied where the actor is created');
    }),
    /** GET /invoices/{number}.pdf, saved by the browser. */
    downloadPdf: fromPromise<void, { number: string }>(async () => {
      throw new Error('downloadPdf is supplied where the actor is created');
    }),
  },
  actions: {
    setKey: assign((_, params: { key: InvoicesKey }) => ({ key: params.key })),
    keepAnswer: assign((_, params: { answer: InvoicesListAnswer }) => ({
      answer: params.answer,
      error: null,
    })),
    keepError: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    startDownload: assign((_, params: { number: string }) => ({
      downloading: params.number,
      downloadError: null,
    })),
    endDownload: assign({ downloading: null }),
    keepDownloadError: assign(({ context }, params: { error: unknown }) => ({
      downloadError: context.downloading
        ? { number: context.downloading, message: messageOf(params.error, SOMETHING_WENT_WRONG) }
        : null,
      downloading: null,
    })),
  },
  guards: {
    isOtherKey: ({ context }, params: { key: InvoicesKey }) => !isSameInvoicesKey(context.key, params.key),
  },
}).createMachine({
  id: 'invoices',
  type: 'parallel',
  context: ({ input }) => ({
    key: input.key,
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
          guard: { type: 'isOtherKey', params: ({ event }) => ({ key: event.key }) },
          target: '.loading',
          actions: { type: 'setKey', params: ({ event }) => ({ key: event.key }) },
        },
      },
      states: {
        loading: {
          tags: ['loading'],
          invoke: {
            src: 'loadInvoices',
            input: ({ context }) => context.key,
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
