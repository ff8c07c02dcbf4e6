import { assign, fromPromise, setup } from 'xstate';
import type { DesignView } from '../../contract/design';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/**
 * The studio's panel on a design order (issue 31): the brief and the proofs loaded, a proof uploaded
 * with a note. A refusal (the brief is not sent yet, a proof is approved) is shown with the panel kept.
 */

/** A picked file; the bytes stay where the app keeps them, under `key`. */
export interface PickedFile {
  key: string;
  name: string;
  size: number;
}

export type DesignPanelEvent =
  | { type: 'panel.retry' }
  | { type: 'proof.pick'; file: PickedFile | null }
  | { type: 'proof.note'; text: string }
  | { type: 'proof.upload' };

export interface DesignPanelContext {
  number: string;
  view: DesignView | null;
  file: PickedFile | null;
  note: string;
  error: string | null;
  done: string | null;
}

export const designPanelMachine = setup({
  types: {
    context: {} as DesignPanelContext,
    events: {} as DesignPanelEvent,
    input: {} as { number: string },
  },
  actors: {
    loadDesign: fromPromise<DesignView, { number: string }>(async () => {
      throw new Error('loadDesign is supplied where the actor is created');
    }),
    uploadProof: fromPromise<DesignView, { number: string; file: PickedFile; note: string }>(async () => {
      throw new Error('uploadProof is supplied where the actor is created');
    }),
  },
  actions: {
    keepView: assign((_, params: { view: DesignView }) => ({ view: params.view, error: null })),
    keepUploaded: assign((_, params: { view: DesignView }) => ({
      view: params.view,
      error: null,
      file: null,
      note: '',
      done: `Proof ${params.view.proofs.at(-1)?.number ?? ''} is with the customer.`,
    })),
    keepPick: assign(({ event }) => (event.type === 'proof.pick' ? { file: event.file, done: null } : {})),
    keepNote: assign(({ event }) => (event.type === 'proof.note' ? { note: event.text } : {})),
    keepFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
  },
  guards: {
    hasFile: ({ context }) => context.file !== null,
  },
}).createMachine({
  id: 'designPanel',
  context: ({ input }) => ({
    number: input.number,
    view: null,
    file: null,
    note: '',
    error: null,
    done: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadDesign',
        input: ({ context }) => ({ number: context.number }),
        onDone: {
          target: 'shown',
          actions: { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: { on: { 'panel.retry': 'loading' } },
    shown: {
      on: {
        'proof.pick': { actions: 'keepPick' },
        'proof.note': { actions: 'keepNote' },
        'proof.upload': { guard: 'hasFile', target: 'uploading' },
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        src: 'uploadProof',
        input: ({ context }) => {
          if (!context.file) throw new Error('uploading without a file');
          return { number: context.number, file: context.file, note: context.note.trim() };
        },
        onDone: {
          target: 'shown',
          actions: { type: 'keepUploaded', params: ({ event }) => ({ view: event.output }) },
        },
        onError: {
          target: 'shown',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
