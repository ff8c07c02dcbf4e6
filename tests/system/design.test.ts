import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { BriefFileRole } from '../../contract/design';
import { proofRoundLogic } from '../../src/system/design';
import { pickFile } from '../../src/system/pickedFiles';
import { designOf } from '../machines/designFixtures';
import { flush } from './fakeApp';

/** The design round as the app provides it (src/system/design.ts): the picked file goes up, once. */
describe('a design brief’s files as the app provides them', () => {
  it('uploads the file the person picked, by its key, and forgets it once sent', async () => {
    const sent: { role: BriefFileRole; file: File }[] = [];
    const api = {
      fetchDesign: async () => designOf(),
      saveBrief: async () => designOf(),
      addBriefFile: async (_number: string, role: BriefFileRole, file: File) => {
        sent.push({ role, file });
        return designOf();
      },
      removeBriefFile: async () => designOf(),
      approveProof: async () => designOf(),
      askChanges: async () => designOf(),
    };
    const actor = createActor(
      proofRoundLogic(() => {}, api),
      {
        input: { number: 'AD-27-000001', design: designOf() },
      },
    ).start();
    const logo = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    const ref = pickFile(logo);
    actor.send({ type: 'brief.addFile', role: 'logo', file: ref });
    await flush();
    expect(sent).toEqual([{ role: 'logo', file: logo }]);

    // The same pick again (a second click on a stale list): nothing to send, and the person is told.
    actor.send({ type: 'brief.addFile', role: 'logo', file: ref });
    await flush();
    expect(sent).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe('logo.png is no longer available: choose it again.');
    actor.stop();
  });
});
