import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { BriefFileRole, DesignView } from '../../contract/design';
import {
  type BriefDraft,
  type BriefFileRef,
  proofRoundMachine,
  selectBriefDraft,
  selectProofRoundBusy,
  selectProofRoundError,
} from '../../machines/orders/proofRound.machine';
import { designOf, proofOf, sentDesign } from './designFixtures';
import { heldCalls } from './heldCalls';
import { flush } from './sessionHarness';

const NUMBER = 'AD-27-000001';

function start(design: DesignView = designOf()) {
  const clock = new SimulatedClock();
  const saves = heldCalls<[{ brief: BriefDraft; submit: boolean }], DesignView>();
  const uploads = heldCalls<[{ role: BriefFileRole; file: BriefFileRef }], DesignView>();
  const loads = heldCalls<[string], DesignView>();
  const approvals = heldCalls<[number], DesignView>();
  const changes = heldCalls<[{ proof: number; comment: string }], DesignView>();
  const announced: string[] = [];
  const actor = createActor(
    proofRoundMachine.provide({
      actions: { announceApproved: () => announced.push('approved') },
      actors: {
        saveBrief: fromPromise(({ input }) => saves.call({ brief: input.brief, submit: input.submit })),
        changeBriefFiles: fromPromise(({ input }) =>
          'add' in input.change
            ? uploads.call({ role: input.change.add, file: input.change.file })
            : Promise.resolve(design),
        ),
        loadDesign: fromPromise(({ input }) => loads.call(input.number)),
        approveProof: fromPromise(({ input }) => approvals.call(input.proof)),
        askChanges: fromPromise(({ input }) => changes.call({ proof: input.proof, comment: input.comment })),
      },
    }),
    { input: { number: NUMBER, design }, clock },
  ).start();
  return { actor, clock, saves, uploads, loads, approvals, changes, announced };
}

describe('proof round machine', () => {
  it('saves the draft 800 ms after typing pauses, once, with what was typed', async () => {
    const { actor, clock, saves } = start();
    actor.send({ type: 'brief.edit', field: 'offer', value: '20%' });
    clock.increment(500);
    actor.send({ type: 'brief.edit', field: 'offer', value: '20% off' });
    clock.increment(799);
    expect(saves.calls).toHaveLength(0);
    clock.increment(1);
    expect(saves.asked()).toEqual([[{ brief: { offer: '20% off', colours: '', notes: '' }, submit: false }]]);
    // Typed while the draft is saved: saved next, after its own pause.
    actor.send({ type: 'brief.edit', field: 'colours', value: 'navy' });
    saves.nth(0).answer(designOf({ brief: { ...designOf().brief, offer: '20% off' } }));
    await flush();
    expect(actor.getSnapshot().matches({ briefing: 'typing' })).toBe(true);
    clock.increment(800);
    expect(saves.nth(1).args[0].brief).toEqual({ offer: '20% off', colours: 'navy', notes: '' });
  });

  it('keeps the brief and shows the sentence when sending it is refused, then waits for the proof', async () => {
    const { actor, saves, uploads } = start();
    actor.send({ type: 'brief.edit', field: 'offer', value: '20% off' });
    actor.send({ type: 'brief.submit' });
    expect(selectProofRoundBusy(actor.getSnapshot())).toBe(true);
    saves.nth(0).fail(new Error('Before sending the brief, add your logo.'));
    await flush();
    expect(actor.getSnapshot().matches({ briefing: 'editing' })).toBe(true);
    expect(selectProofRoundError(actor.getSnapshot())).toBe('Before sending the brief, add your logo.');
    expect(selectBriefDraft(actor.getSnapshot()).offer).toBe('20% off');

    actor.send({ type: 'brief.addFile', role: 'logo', file: { key: 'k1', name: 'logo.png', size: 10 } });
    uploads.nth(0).answer(designOf());
    await flush();
    actor.send({ type: 'brief.submit' });
    saves.nth(1).answer(sentDesign());
    await flush();
    expect(actor.getSnapshot().matches('waitingForProof')).toBe(true);
    expect(selectProofRoundError(actor.getSnapshot())).toBeNull();
  });

  it('asks every 30 s for the proof and shows it when it comes', async () => {
    const { actor, clock, loads } = start(sentDesign());
    clock.increment(29_999);
    expect(loads.calls).toHaveLength(0);
    clock.increment(1);
    loads.nth(0).answer(sentDesign());
    await flush();
    expect(actor.getSnapshot().matches({ waitingForProof: 'idle' })).toBe(true);
    clock.increment(30_000);
    loads.nth(1).answer(sentDesign([proofOf(1)]));
    await flush();
    expect(actor.getSnapshot().matches({ reviewing: 'choosing' })).toBe(true);
  });

  it('sends changes only with a comment, then waits for the next proof; approving the next one ends the round', async () => {
    const { actor, changes, approvals, loads } = start(sentDesign([proofOf(1)]));
    actor.send({ type: 'proof.askChanges' });
    actor.send({ type: 'proof.sendChanges' });
    expect(changes.calls).toHaveLength(0);
    actor.send({ type: 'proof.comment', text: ' Make the logo larger. ' });
    actor.send({ type: 'proof.sendChanges' });
    expect(changes.asked()).toEqual([[{ proof: 1, comment: 'Make the logo larger.' }]]);
    changes.nth(0).answer(sentDesign([proofOf(1, 'changes')]));
    await flush();
    expect(actor.getSnapshot().matches('waitingForProof')).toBe(true);

    actor.send({ type: 'design.refresh' });
    loads.nth(0).answer(sentDesign([proofOf(1, 'changes'), proofOf(2)]));
    await flush();
    actor.send({ type: 'proof.approve' });
    expect(approvals.asked()).toEqual([[2]]);
    approvals.nth(0).answer(sentDesign([proofOf(1, 'changes'), proofOf(2, 'approved')]));
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
  });

  it('keeps the proof on show with the sentence when approving fails, and finishes when it is approved', async () => {
    const { actor, approvals, announced } = start(sentDesign([proofOf(1)]));
    actor.send({ type: 'proof.approve' });
    approvals.nth(0).fail(new Error('A proof is approved already: the design is done.'));
    await flush();
    expect(actor.getSnapshot().matches({ reviewing: 'choosing' })).toBe(true);
    expect(selectProofRoundError(actor.getSnapshot())).toBe(
      'A proof is approved already: the design is done.',
    );
    actor.send({ type: 'proof.approve' });
    expect(approvals.asked()).toEqual([[1], [1]]);
    expect(announced).toEqual([]);
    approvals.nth(1).answer(sentDesign([proofOf(1, 'approved')]));
    await flush();
    expect(actor.getSnapshot().status).toBe('done');
    // The order page reads the order again: the run's ad is the approved proof now.
    expect(announced).toEqual(['approved']);
  });

  it('starts where the round stands', () => {
    const done = start(sentDesign([proofOf(1, 'approved')]));
    expect(done.actor.getSnapshot().status).toBe('done');
    expect(done.announced).toEqual([]);
    expect(
      start(sentDesign([proofOf(1)]))
        .actor.getSnapshot()
        .matches('reviewing'),
    ).toBe(true);
    expect(start(sentDesign()).actor.getSnapshot().matches('waitingForProof')).toBe(true);
  });

  it('sends a file added while typing, then saves what was typed', async () => {
    const { actor, clock, saves, uploads } = start();
    actor.send({ type: 'brief.edit', field: 'notes', value: 'Use the blue logo' });
    actor.send({ type: 'brief.addFile', role: 'logo', file: { key: 'k1', name: 'logo.png', size: 10 } });
    expect(uploads.asked()).toEqual([[{ role: 'logo', file: { key: 'k1', name: 'logo.png', size: 10 } }]]);
    uploads.nth(0).answer(designOf());
    await flush();
    clock.increment(800);
    expect(saves.asked()).toEqual([
      [{ brief: { offer: '', colours: '', notes: 'Use the blue logo' }, submit: false }],
    ]);
  });

  it('sends files picked while the draft saves or another file uploads, one after the other', async () => {
    const { actor, clock, saves, uploads } = start();
    const logo = { key: 'k1', name: 'logo.png', size: 10 };
    const photo = { key: 'k2', name: 'shop.jpg', size: 20 };
    actor.send({ type: 'brief.edit', field: 'offer', value: '20% off' });
    clock.increment(800);
    actor.send({ type: 'brief.addFile', role: 'logo', file: logo });
    expect(uploads.calls).toHaveLength(0);
    saves.nth(0).answer(designOf({ brief: { ...designOf().brief, offer: '20% off' } }));
    await flush();
    expect(uploads.asked()).toEqual([[{ role: 'logo', file: logo }]]);
    actor.send({ type: 'brief.addFile', role: 'photo', file: photo });
    uploads.nth(0).fail(new Error('logo.png is not a picture we can print.'));
    await flush();
    expect(uploads.asked()).toEqual([[{ role: 'logo', file: logo }], [{ role: 'photo', file: photo }]]);
    uploads.nth(1).answer(designOf({ brief: { ...designOf().brief, offer: '20% off' } }));
    await flush();
    expect(actor.getSnapshot().matches({ briefing: 'editing' })).toBe(true);
    expect(selectProofRoundError(actor.getSnapshot())).toBeNull();
  });
});
