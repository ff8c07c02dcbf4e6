import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';

/** An invoice's page: its PDF downloaded on request, one at a time; a failure is said beside the button. */
export const invoicePdfMachine = setup({
  types: {
    context: {} as { number: string; error: string | null },
    events: {} as { type: 'invoice.download' },
    input: {} as { number: string },
  },
  actors: {
    /** GET /invoices/{number}.pdf, saved by the browser. */
    downloadPdf: fromPromise<void, { number: string }>(async () => {
      throw new Error('downloadPdf is supplied where the actor is created');
    }),
  },
  actions: {
    clearError: assign({ error: null }),
    keepError: assign((_, params: { error: unknown }) => ({
      error:
        params.error instanceof Error && params.error.message
          ? params.error.message
          : 'The PDF could not be downloaded. Check your connection and try again.',
    })),
  },
}).createMachine({
  id: 'invoicePdf',
  context: ({ input }) => ({ number: input.number, error: null }),
  initial: 'idle',
  states: {
    idle: { on: { 'invoice.download': { target: 'downloading', actions: 'clearError' } } },
    downloading: {
      invoke: {
        src: 'downloadPdf',
        input: ({ context }) => ({ number: context.number }),
        onDone: 'idle',
        onError: {
          target: 'idle',
          actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});

export type InvoicePdfMachine = typeof invoicePdfMachine;
type InvoicePdfSnapshot = SnapshotFrom<InvoicePdfMachine>;
export const selectPdfDownloading = (s: InvoicePdfSnapshot) => s.matches('downloading');
export const selectPdfError = (s: InvoicePdfSnapshot) => s.context.error;
