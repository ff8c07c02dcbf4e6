import { describeModel } from './describeModel';
import { upload } from './uploadModel';
import { UploadWorld } from './uploadWorld';

describeModel(upload, {
  name: 'upload',
  title:
    'upload model, on the real upload queue, upload and file actions machines (fake tus client and server, simulated clock)',
  sizeTitle: 'the upload model has states and transitions to cover',
  world: (inspect) => new UploadWorld(inspect),
});
