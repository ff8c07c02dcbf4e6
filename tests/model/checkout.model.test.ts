import { checkout } from './checkoutModel';
import { CheckoutWorld } from './checkoutWorld';
import { describeModel } from './describeModel';

describeModel(checkout, {
  name: 'checkout',
  title: 'checkout model, on the real checkout machine (a fake session and API, simulated clock)',
  sizeTitle: 'the checkout model has states and transitions to cover',
  world: async (inspect) => {
    const world = new CheckoutWorld(inspect);
    await world.open();
    return world;
  },
});
