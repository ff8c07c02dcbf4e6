import { describeModel } from './describeModel';
import { proofRound } from './proofRoundModel';
import { ProofRoundWorld } from './proofRoundWorld';

describeModel(proofRound, {
  name: 'proofRound',
  title: 'proof round model, on the real proof-round machine (fake API, simulated clock)',
  sizeTitle: 'the proof round model has states and transitions to cover',
  world: (inspect) => new ProofRoundWorld(inspect),
});
