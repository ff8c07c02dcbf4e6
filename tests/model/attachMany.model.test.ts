import { attachMany } from './attachManyModel';
import { AttachManyWorld } from './attachManyWorld';
import { describeModel } from './describeModel';

describeModel(attachMany, {
  name: 'attachMany',
  title:
    'attach-to-many model, on the real upload queue, upload and file actions machines (fake tus client and server, simulated clock)',
  sizeTitle: 'the attach-to-many model has states and transitions to cover',
  world: (inspect) => new AttachManyWorld(inspect),
});
