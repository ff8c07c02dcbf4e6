import { afterAll, describe, expect, it } from 'vitest';
import { CoverageLog } from './coverageLog';
import { upload } from './uploadModel';
import { UploadWorld } from './uploadWorld';

const paths = upload.paths();
const ran: CoverageLog[] = [];

describe('upload model, on the real upload queue, upload and file actions machines (fake tus client and server, simulated clock)', () => {
  paths.forEach((path, index) => {
    it(upload.describePath(path), async () => {
      const log = new CoverageLog();
      await upload.testModel.testPath(path, log.wrap(new UploadWorld(log.inspect).params()));
      log.save(`upload-machine-${String(index).padStart(2, '0')}`);
      ran.push(log);
    });
  });

  afterAll(() => {
    // What the adapter actually checked, not what the model promised: every state and transition.
    const { states, transitions } = upload.graph();
    const seenStates = new Set(ran.flatMap((log) => log.covered().states));
    const seenTransitions = new Set(ran.flatMap((log) => log.covered().transitions));
    expect([...states].filter((s) => !seenStates.has(s))).toEqual([]);
    expect([...transitions].filter((t) => !seenTransitions.has(t))).toEqual([]);
  });
});

it('the upload model has states and transitions to cover', () => {
  const { states, transitions } = upload.graph();
  expect(states.size).toBeGreaterThan(1);
  expect(transitions.size).toBeGreaterThan(states.size);
});
