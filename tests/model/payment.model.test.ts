import { describeModel } from './describeModel';
import { payment } from './paymentModel';
import { PaymentWorld } from './paymentWorld';

describeModel(payment, {
  name: 'payment',
  title: 'payment model, on the real payment wait machine (fake API, simulated clock)',
  sizeTitle: 'the payment model has states and transitions to cover',
  world: (inspect) => new PaymentWorld(inspect),
});
