import { describeModel } from './describeModel';
import { eddm } from './eddmModel';
import { EddmWorld } from './eddmWorld';

describeModel(eddm, {
  name: 'eddm',
  title: 'every-door model, on the real every-door machine (fake server, simulated clock)',
  sizeTitle: 'the every-door model has states and transitions to cover',
  world: (inspect) => new EddmWorld(inspect),
});
