import { type Actor, createActor, fromPromise, type InspectionEvent, SimulatedClock } from 'xstate';
import type { DesignView } from '../../contract/design';
import {
  type BriefDraft,
  proofRoundMachine,
  selectBriefDraft,
  selectDesign,
  selectProofComment,
  selectProofRoundBusy,
  selectProofRoundError,
} from '../../machines/orders/proofRound.machine';
import { designOf, proofOf, sentDesign } from '../machines/designFixtures';
import { type HeldCall, heldCalls } from '../machines/heldCalls';
import type { ModelParams } from './modelKit';
import type { proofRoundModel } from './proofRoundModel';
import { expectSame, settle } from './worldChecks';

const MISSING = 'Before sending the brief, add your logo.';
const APPROVE_FAILED = 'Adlane is not answering right now. Try again in a minute.';
const CHANGES_FAILED = 'We could not reach Adlane. Check your connection and try again.';
const COMMENT = 'Make the logo larger.';
/** The machine's pauses: typing before a draft is saved, and between two asks for a proof. */
const BRIEF_SAVE_DELAY_MS = 800;
const POLL_EVERY_MS = 30_000;

/**
 * Adapter (a) of the proof round model: the real machine with a fake API whose every request waits
 * for the model's stimulus, and a simulated clock for the draft's pause and the proof's poll.
 */
export class ProofRoundWorld {
  private readonly clock = new SimulatedClock();
  private readonly saves = heldCalls<[{ brief: BriefDraft; submit: boolean }], DesignView>();
  private readonly loads = heldCalls<[string], DesignView>();
  private readonly approvals = heldCalls<[number], DesignView>();
  private readonly changes = heldCalls<[{ proof: number; comment: string }], DesignView>();
  private readonly actor: Actor<typeof proofRoundMachine>;
  /** The round as the fake server keeps it. */
  private server: DesignView = designOf();
  private typed = 0;
  private proofs: ReturnType<typeof proofOf>[] = [];

  constructor(inspect?: (event: InspectionEvent) => void) {
    this.actor = createActor(
      proofRoundMachine.provide({
        actors: {
          saveBrief: fromPromise(({ input }) =>
            this.saves.call({ brief: input.brief, submit: input.submit }),
          ),
          changeBriefFiles: fromPromise(async () => this.server),
          loadDesign: fromPromise(({ input }) => this.loads.call(input.number)),
          approveProof: fromPromise(({ input }) => this.approvals.call(input.proof)),
          askChanges: fromPromise(({ input }) =>
            this.changes.call({ proof: input.proof, comment: input.comment }),
          ),
        },
      }),
      { input: { number: 'AD-27-000001', design: this.server }, clock: this.clock, inspect },
    ).start();
  }

  private get snapshot() {
    return this.actor.getSnapshot();
  }

  private draft(): BriefDraft {
    return { offer: `Offer ${this.typed}`, colours: '', notes: '' };
  }

  /** The last request of `calls`, which must be waiting. */
  private last<A extends unknown[]>(calls: {
    calls: unknown[];
    nth: (i: number) => HeldCall<A, DesignView>;
  }) {
    return calls.nth(calls.calls.length - 1);
  }

  private withProofs(proofs: ReturnType<typeof proofOf>[]) {
    this.proofs = proofs;
    this.server = sentDesign(proofs);
  }

  private expectProofOnShow(error: string | null) {
    expectSame('on show', this.snapshot.matches({ reviewing: 'choosing' }), true);
    expectSame(
      'the newest proof',
      selectDesign(this.snapshot).proofs.at(-1)?.number,
      this.proofs.at(-1)?.number,
    );
    expectSame('the sentence', selectProofRoundError(this.snapshot), error);
  }

  params(): ModelParams<typeof proofRoundModel> {
    return {
      states: {
        briefEmpty: () => {
          expectSame('editing the brief', this.snapshot.matches({ briefing: 'editing' }), true);
          expectSame('the draft', selectBriefDraft(this.snapshot), { offer: '', colours: '', notes: '' });
          expectSame('the brief due', selectDesign(this.snapshot).brief.due?.date, '2027-01-12');
        },
        briefDraft: () => {
          expectSame('typing', this.snapshot.matches({ briefing: 'typing' }), true);
          expectSame('the draft', selectBriefDraft(this.snapshot), this.draft());
        },
        draftSaved: () => {
          expectSame('editing the brief', this.snapshot.matches({ briefing: 'editing' }), true);
          expectSame('the draft saved', this.last(this.saves).args, [{ brief: this.draft(), submit: false }]);
          expectSame('the sentence', selectProofRoundError(this.snapshot), null);
        },
        briefSending: () => {
          expectSame('busy', selectProofRoundBusy(this.snapshot), true);
          expectSame('the brief sent', this.last(this.saves).args, [{ brief: this.draft(), submit: true }]);
        },
        briefRefused: () => {
          expectSame('editing the brief', this.snapshot.matches({ briefing: 'editing' }), true);
          expectSame('the sentence', selectProofRoundError(this.snapshot), MISSING);
          expectSame('the draft kept', selectBriefDraft(this.snapshot), this.draft());
        },
        briefSent: () => {
          expectSame('waiting', this.snapshot.matches({ waitingForProof: 'idle' }), true);
          expectSame('the round', selectDesign(this.snapshot).state, 'waiting-for-proof');
        },
        proofShown: () => this.expectProofOnShow(null),
        approving: () => {
          expectSame('busy', this.snapshot.matches({ reviewing: 'approving' }), true);
          expectSame('the proof approved', this.last(this.approvals).args, [this.proofs.at(-1)?.number]);
        },
        failed: () => this.expectProofOnShow(APPROVE_FAILED),
        changesWriting: () => {
          expectSame('writing changes', this.snapshot.matches({ reviewing: 'writingChanges' }), true);
          const failed = this.changes.calls.length > 0;
          expectSame('the sentence', selectProofRoundError(this.snapshot), failed ? CHANGES_FAILED : null);
          expectSame('the comment', selectProofComment(this.snapshot), failed ? COMMENT : '');
        },
        changesSending: () => {
          expectSame('busy', selectProofRoundBusy(this.snapshot), true);
          expectSame('the changes sent', this.last(this.changes).args, [
            { proof: this.proofs.at(-1)?.number, comment: COMMENT },
          ]);
        },
        changesAsked: () => {
          expectSame('waiting', this.snapshot.matches({ waitingForProof: 'idle' }), true);
          expectSame('the answer', selectDesign(this.snapshot).proofs.at(-1)?.decision, 'changes');
          expectSame('the comment cleared', selectProofComment(this.snapshot), '');
        },
        approved: () => {
          expectSame('done', this.snapshot.status, 'done');
          expectSame('the round', selectDesign(this.snapshot).state, 'approved');
        },
      },
      events: {
        'user.writesBrief': () => {
          this.typed += 1;
          this.actor.send({ type: 'brief.edit', field: 'offer', value: this.draft().offer });
          return settle();
        },
        'clock.pausesTyping': async () => {
          this.clock.increment(BRIEF_SAVE_DELAY_MS - 1);
          expectSame('saved before the pause', this.saves.calls.length, this.typedSaves);
          this.clock.increment(1);
          this.server = designOf({ brief: { ...designOf().brief, offer: this.draft().offer } });
          this.last(this.saves).answer(this.server);
          this.typedSaves = this.saves.calls.length;
          await settle();
        },
        'user.sendsBrief': () => {
          this.actor.send({ type: 'brief.submit' });
          this.typedSaves = this.saves.calls.length;
          return settle();
        },
        'server.acceptsBrief': () => {
          this.withProofs([]);
          this.last(this.saves).answer(this.server);
          return settle();
        },
        'server.refusesBrief': () => {
          this.last(this.saves).fail(new Error(MISSING));
          return settle();
        },
        'clock.pollsNothingNew': async () => {
          this.clock.increment(POLL_EVERY_MS);
          this.last(this.loads).answer(this.server);
          await settle();
        },
        'studio.uploadsProof': async () => {
          this.withProofs([...this.proofs, proofOf(this.proofs.length + 1)]);
          this.clock.increment(POLL_EVERY_MS);
          this.last(this.loads).answer(this.server);
          await settle();
        },
        'user.approves': () => {
          this.actor.send({ type: 'proof.approve' });
          return settle();
        },
        'server.approves': () => {
          const last = this.proofs.at(-1)?.number ?? 0;
          this.withProofs([...this.proofs.slice(0, -1), proofOf(last, 'approved')]);
          this.last(this.approvals).answer(this.server);
          return settle();
        },
        'server.fails': () => {
          if (this.snapshot.matches({ reviewing: 'approving' }))
            this.last(this.approvals).fail(new Error(APPROVE_FAILED));
          else this.last(this.changes).fail(new Error(CHANGES_FAILED));
          return settle();
        },
        'user.asksChanges': () => {
          this.actor.send({ type: 'proof.askChanges' });
          return settle();
        },
        'user.sendsChanges': () => {
          this.actor.send({ type: 'proof.comment', text: COMMENT });
          this.actor.send({ type: 'proof.sendChanges' });
          return settle();
        },
        'server.acceptsChanges': () => {
          const last = this.proofs.at(-1)?.number ?? 0;
          this.withProofs([...this.proofs.slice(0, -1), proofOf(last, 'changes')]);
          this.last(this.changes).answer(this.server);
          return settle();
        },
      },
    };
  }

  /** How many saves were asked when typing last paused or the brief was sent. */
  private typedSaves = 0;
}
