import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { designPanelLogic } from '../../src/system/admin/design';
import { pickFile } from '../../src/system/pickedFiles';
import { type designOf, proofOf, sentDesign } from '../machines/designFixtures';
import { flush } from './fakeApp';

/** The studio's proof upload as the app provides it (src/system/admin/design.ts). */
describe('a proof upload as the app provides it', () => {
  it('keeps the picked file after a failed upload, so "Upload proof" sends it again', async () => {
    const sent: File[] = [];
    let answer: () => Promise<ReturnType<typeof designOf>> = async () => {
      throw new Error('We could not reach Adlane. Check your connection and try again.');
    };
    const api = {
      fetchAdminDesign: async () => sentDesign(),
      uploadProof: async (_number: string, file: File) => {
        sent.push(file);
        return answer();
      },
    };
    const actor = createActor(designPanelLogic(api), { input: { number: 'AD-27-000001' } }).start();
    await flush();
    const proof = new File([new Uint8Array([37, 80, 68, 70])], 'proof-1.pdf', { type: 'application/pdf' });
    actor.send({ type: 'proof.pick', file: pickFile(proof) });
    actor.send({ type: 'proof.upload' });
    await flush();
    expect(actor.getSnapshot().context.error).toBe(
      'We could not reach Adlane. Check your connection and try again.',
    );

    answer = async () => sentDesign([proofOf(1)]);
    actor.send({ type: 'proof.upload' });
    await flush();
    expect(sent).toEqual([proof, proof]);
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(actor.getSnapshot().context.done).toBe('Proof 1 is with the customer.');
    actor.stop();
  });
});
