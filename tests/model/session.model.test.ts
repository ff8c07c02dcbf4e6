import { auth } from './authModel';
import { describeModel } from './describeModel';
import { MachineWorld } from './machineWorld';

describeModel(auth, {
  name: 'auth',
  title: 'auth model, on the real session machine (fakes, simulated clock)',
  sizeTitle: 'the model has states and transitions to cover',
  world: (inspect) => new MachineWorld(inspect),
});
