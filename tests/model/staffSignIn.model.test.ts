import { describeModel } from './describeModel';
import { staffSignIn } from './staffSignInModel';
import { StaffSignInWorld } from './staffSignInWorld';

describeModel(staffSignIn, {
  name: 'staffSignIn',
  title: 'staff sign-in model, on the real staff session machine (held API calls, simulated clock)',
  sizeTitle: 'the staff sign-in model has states and transitions to cover',
  world: (inspect) => new StaffSignInWorld(inspect),
});
