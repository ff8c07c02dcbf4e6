import { billing } from './billingModel';
import { BillingWorld } from './billingWorld';
import { describeModel } from './describeModel';

describeModel(billing, {
  name: 'billing',
  title: 'billing model, on the real invoices and Pay now machines (fake API)',
  sizeTitle: 'the billing model has states and transitions to cover',
  world: (inspect) => new BillingWorld(inspect),
});
