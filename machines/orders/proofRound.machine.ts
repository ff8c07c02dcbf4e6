import { assign, fromPromise, type SnapshotFrom, setup } from 'xstate';
import type { BriefFileRole, DesignView } from '../../contract/design';
import { messageOf, SOMETHING_WENT_WRONG } from '../failures';

/**
 * The customer's side of a design-service order (issue 31): the brief written and saved as a draft
 * while typing, its files, sending it; then waiting for the studio's proof (read again every 30 s);
 * then approving the proof or asking for changes with a comment. A refused or failed request keeps
 * the state it was asked from and shows the server's sentence.
 */

/** A file the person picked; the bytes stay where the app keeps them, under `key`. */
export interface BriefFileRef {
  key: string;
  name: string;
  size: number;
}

/** A file added to the brief (with what it is), or one removed. */
export type BriefFileChange = { add: BriefFileRole; file: BriefFileRef } | { remove: string };

export interface BriefDraft {
  offer: string;
  colours: string;
  notes: string;
}

export type ProofRoundEvent =
  /** A field of the brief typed into. */
  | { type: 'brief.edit'; field: keyof BriefDraft; value: string }
  | { type: 'brief.addFile'; role: BriefFileRole; file: BriefFileRef }
  | { type: 'brief.removeFile'; id: string }
  /** "Send the brief". */
  | { type: 'brief.submit' }
  /** "Approve this proof". */
  | { type: 'proof.approve' }
  /** "Ask for changes": the comment box opens. */
  | { type: 'proof.askChanges' }
  | { type: 'proof.comment'; text: string }
  /** "Send changes". */
  | { type: 'proof.sendChanges' }
  | { type: 'proof.cancelChanges' }
  /** Read the round again now (the page came back into view). */
  | { type: 'design.refresh' };

export interface ProofRoundContext {
  number: string;
  view: DesignView;
  draft: BriefDraft;
  comment: string;
  /** Files picked or removed while another request ran, sent one after the other once it ends. */
  fileChanges: BriefFileChange[];
  /** The sentence of the last refused or failed request. */
  error: string | null;
}

const draftOf = (view: DesignView): BriefDraft => ({
  offer: view.brief.offer,
  colours: view.brief.colours,
  notes: view.brief.notes,
});
const newestProof = (view: DesignView) => view.proofs.at(-1)?.number ?? 0;

const stub = (name: string) => async () => {
  throw new Error(`${name} is supplied where the actor is created`);
};

/** A keystroke while the brief is a draft: kept, and saved once typing pauses. */
const startTyping = { target: 'typing', reenter: true, actions: 'keepEdit' } as const;
/** A file picked or removed while the brief is a draft: sent now, the typed draft saved after it. */
const changeFiles = {
  'brief.addFile': { target: 'changingFiles', actions: 'queueFileChange' },
  'brief.removeFile': { target: 'changingFiles', actions: 'queueFileChange' },
} as const;
/** While a request runs, a picked or removed file waits its turn instead of being lost. */
const queueFiles = {
  'brief.addFile': { actions: 'queueFileChange' },
  'brief.removeFile': { actions: 'queueFileChange' },
} as const;
const fileChangeOf = (event: ProofRoundEvent): BriefFileChange[] => {
  if (event.type === 'brief.addFile') return [{ add: event.role, file: event.file }];
  if (event.type === 'brief.removeFile') return [{ remove: event.id }];
  return [];
};

export const proofRoundMachine = setup({
  types: {
    context: {} as ProofRoundContext,
    events: {} as ProofRoundEvent,
    input: {} as { number: string; design: DesignView },
  },
  actors: {
    /** PUT /orders/{number}/design/brief. */
    saveBrief: fromPromise<DesignView, { number: string; brief: BriefDraft; submit: boolean }>(
      stub('saveBrief'),
    ),
    /** POST /orders/{number}/design/files, or DELETE /orders/{number}/design/files/{id}. */
    changeBriefFiles: fromPromise<DesignView, { number: string; change: BriefFileChange }>(
      stub('changeBriefFiles'),
    ),
    /** GET /orders/{number}/design. */
    loadDesign: fromPromise<DesignView, { number: string }>(stub('loadDesign')),
    /** POST /orders/{number}/design/proofs/{n}/approve. */
    approveProof: fromPromise<DesignView, { number: string; proof: number }>(stub('approveProof')),
    /** POST /orders/{number}/design/proofs/{n}/changes. */
    askChanges: fromPromise<DesignView, { number: string; proof: number; comment: string }>(
      stub('askChanges'),
    ),
  },
  actions: {
    /** Effect, supplied where the actor is created: the approved proof is the run's ad now (the order page reads it again). */
    announceApproved: () => {},
    keepView: assign((_, params: { view: DesignView }) => ({ view: params.view, error: null })),
    /** The answer to a send: the brief as the server keeps it becomes the draft. */
    keepViewAndDraft: assign((_, params: { view: DesignView }) => ({
      view: params.view,
      draft: draftOf(params.view),
      error: null,
    })),
    keepEdit: assign(({ context, event }) =>
      event.type === 'brief.edit' ? { draft: { ...context.draft, [event.field]: event.value } } : {},
    ),
    queueFileChange: assign(({ context, event }) => ({
      fileChanges: [...context.fileChanges, ...fileChangeOf(event)],
    })),
    dropFileChange: assign(({ context }) => ({ fileChanges: context.fileChanges.slice(1) })),
    keepComment: assign((_, params: { text: string }) => ({ comment: params.text })),
    clearComment: assign({ comment: '' }),
    keepFailure: assign((_, params: { error: unknown }) => ({
      error: messageOf(params.error, SOMETHING_WENT_WRONG),
    })),
    clearFailure: assign({ error: null }),
  },
  guards: {
    isBriefing: ({ context }) => context.view.state === 'brief',
    isReviewing: ({ context }) => context.view.state === 'review',
    isApproved: ({ context }) => context.view.state === 'approved',
    hasNewProof: ({ context }, params: { view: DesignView }) =>
      params.view.state === 'review' && newestProof(params.view) > newestProof(context.view),
    isApprovedView: (_, params: { view: DesignView }) => params.view.state === 'approved',
    hasFileChanges: ({ context }) => context.fileChanges.length > 0,
    hasComment: ({ context }) => context.comment.trim().length > 0,
    hasUnsavedDraft: ({ context }) => {
      const saved = draftOf(context.view);
      return (['offer', 'colours', 'notes'] as const).some((field) => saved[field] !== context.draft[field]);
    },
  },
  delays: {
    /** Typing stops this long before the draft is saved. */
    briefSaveDelay: 800,
    /** How often the page asks whether the studio's proof has come. */
    pollEvery: 30_000,
  },
}).createMachine({
  id: 'proofRound',
  context: ({ input }) => ({
    number: input.number,
    view: input.design,
    draft: draftOf(input.design),
    comment: '',
    fileChanges: [],
    error: null,
  }),
  initial: 'starting',
  states: {
    starting: {
      always: [
        { guard: 'isBriefing', target: 'briefing' },
        { guard: 'isReviewing', target: 'reviewing' },
        { guard: 'isApproved', target: 'approved' },
        { target: 'waitingForProof' },
      ],
    },
    briefing: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'brief.edit': startTyping,
            ...changeFiles,
            'brief.submit': 'submitting',
          },
        },
        /** Typing: the draft is saved once it pauses. */
        typing: {
          after: { briefSaveDelay: 'savingDraft' },
          on: { 'brief.edit': startTyping, ...changeFiles, 'brief.submit': 'submitting' },
        },
        savingDraft: {
          tags: ['busy'],
          // Typing goes on while the draft is saved; what was typed meanwhile is saved next.
          on: { 'brief.edit': { actions: 'keepEdit' }, ...queueFiles },
          invoke: {
            src: 'saveBrief',
            input: ({ context }) => ({ number: context.number, brief: context.draft, submit: false }),
            onDone: {
              target: 'afterSave',
              actions: { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
            },
            onError: {
              target: 'afterFailedSave',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        afterSave: {
          always: [
            { guard: 'hasFileChanges', target: 'changingFiles' },
            { guard: 'hasUnsavedDraft', target: 'typing' },
            { target: 'editing' },
          ],
        },
        /** A failed draft is not saved again by itself (the sentence says why); files still go. */
        afterFailedSave: {
          always: [{ guard: 'hasFileChanges', target: 'changingFiles' }, { target: 'editing' }],
        },
        /** A file added to the brief or removed from it. */
        changingFiles: {
          tags: ['busy'],
          on: { 'brief.edit': { actions: 'keepEdit' }, ...queueFiles },
          invoke: {
            src: 'changeBriefFiles',
            input: ({ context }) => {
              const [change] = context.fileChanges;
              if (!change) throw new Error('changingFiles entered with no file change waiting');
              return { number: context.number, change };
            },
            onDone: {
              target: 'afterSave',
              actions: [
                'dropFileChange',
                { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
              ],
            },
            onError: {
              target: 'afterSave',
              actions: [
                'dropFileChange',
                { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
              ],
            },
          },
        },
        submitting: {
          tags: ['busy'],
          entry: 'clearFailure',
          invoke: {
            src: 'saveBrief',
            input: ({ context }) => ({ number: context.number, brief: context.draft, submit: true }),
            onDone: {
              target: '#proofRound.waitingForProof',
              actions: { type: 'keepViewAndDraft', params: ({ event }) => ({ view: event.output }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    waitingForProof: {
      initial: 'idle',
      states: {
        idle: {
          after: { pollEvery: 'refreshing' },
          on: { 'design.refresh': 'refreshing' },
        },
        refreshing: {
          invoke: {
            src: 'loadDesign',
            input: ({ context }) => ({ number: context.number }),
            onDone: [
              {
                guard: { type: 'hasNewProof', params: ({ event }) => ({ view: event.output }) },
                target: '#proofRound.reviewing',
                actions: { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
              },
              {
                guard: { type: 'isApprovedView', params: ({ event }) => ({ view: event.output }) },
                target: '#proofRound.approved',
                actions: [
                  { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
                  'announceApproved',
                ],
              },
              {
                target: 'idle',
                actions: { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
              },
            ],
            // A missed poll is tried again at the next one; the page says nothing of it.
            onError: 'idle',
          },
        },
      },
    },
    reviewing: {
      initial: 'choosing',
      states: {
        choosing: {
          on: {
            'proof.approve': 'approving',
            'proof.askChanges': { target: 'writingChanges', actions: 'clearFailure' },
          },
        },
        approving: {
          tags: ['busy'],
          entry: 'clearFailure',
          invoke: {
            src: 'approveProof',
            input: ({ context }) => ({ number: context.number, proof: newestProof(context.view) }),
            onDone: {
              target: '#proofRound.approved',
              actions: [
                { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
                'announceApproved',
              ],
            },
            onError: {
              target: 'choosing',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        writingChanges: {
          on: {
            'proof.comment': {
              actions: { type: 'keepComment', params: ({ event }) => ({ text: event.text }) },
            },
            'proof.sendChanges': { guard: 'hasComment', target: 'sendingChanges' },
            'proof.cancelChanges': { target: 'choosing', actions: 'clearComment' },
          },
        },
        sendingChanges: {
          tags: ['busy'],
          entry: 'clearFailure',
          invoke: {
            src: 'askChanges',
            input: ({ context }) => ({
              number: context.number,
              proof: newestProof(context.view),
              comment: context.comment.trim(),
            }),
            onDone: {
              target: '#proofRound.waitingForProof',
              actions: [
                { type: 'keepView', params: ({ event }) => ({ view: event.output }) },
                'clearComment',
              ],
            },
            onError: {
              target: 'writingChanges',
              actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    approved: { type: 'final' },
  },
});

export type ProofRoundSnapshot = SnapshotFrom<typeof proofRoundMachine>;

export const selectDesign = (s: ProofRoundSnapshot) => s.context.view;
export const selectBriefDraft = (s: ProofRoundSnapshot) => s.context.draft;
export const selectProofComment = (s: ProofRoundSnapshot) => s.context.comment;
export const selectProofRoundError = (s: ProofRoundSnapshot) => s.context.error;
export const selectProofRoundBusy = (s: ProofRoundSnapshot) => s.hasTag('busy');
export const selectIsWritingChanges = (s: ProofRoundSnapshot) =>
  s.matches({ reviewing: 'writingChanges' }) || s.matches({ reviewing: 'sendingChanges' });
