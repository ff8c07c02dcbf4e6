import { createMachine } from 'xstate';
import { modelKit } from './modelKit';

/**
 * The abstract model of a design order's proof round (machines/orders/proofRound.machine.ts): the
 * brief written, saved as a draft, sent (or refused), the studio's proofs, changes asked, approval.
 * No effects, no timers: the adapter gives each state and stimulus its meaning.
 */
export const proofRoundModel = createMachine({
  id: 'proof-round-model',
  initial: 'briefEmpty',
  states: {
    /** The order's brief, nothing written yet; its due date on show. */
    briefEmpty: { on: { 'user.writesBrief': 'briefDraft' } },
    /** Typed into, not saved yet. */
    briefDraft: {
      on: {
        'user.writesBrief': 'briefDraft',
        'clock.pausesTyping': 'draftSaved',
        'user.sendsBrief': 'briefSending',
      },
    },
    /** The draft as the server keeps it. */
    draftSaved: { on: { 'user.writesBrief': 'briefDraft', 'user.sendsBrief': 'briefSending' } },
    briefSending: { on: { 'server.acceptsBrief': 'briefSent', 'server.refusesBrief': 'briefRefused' } },
    /** What the brief still needs, said; the draft kept. */
    briefRefused: { on: { 'user.writesBrief': 'briefDraft', 'user.sendsBrief': 'briefSending' } },
    /** With the studio: the page asks every 30 s whether a proof came. */
    briefSent: { on: { 'clock.pollsNothingNew': 'briefSent', 'studio.uploadsProof': 'proofShown' } },
    /** The newest proof, to approve or to ask changes of. */
    proofShown: { on: { 'user.approves': 'approving', 'user.asksChanges': 'changesWriting' } },
    approving: { on: { 'server.approves': 'approved', 'server.fails': 'failed' } },
    /** Why the approval did not happen; the proof still on show. */
    failed: { on: { 'user.approves': 'approving' } },
    changesWriting: { on: { 'user.sendsChanges': 'changesSending' } },
    changesSending: { on: { 'server.acceptsChanges': 'changesAsked', 'server.fails': 'changesWriting' } },
    /** Changes asked: back with the studio until the next proof. */
    changesAsked: { on: { 'studio.uploadsProof': 'proofShown' } },
    approved: {},
  },
});

export const proofRound = modelKit(proofRoundModel);
