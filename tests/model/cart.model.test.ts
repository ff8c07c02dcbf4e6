import { cart } from './cartModel';
import { CartWorld } from './cartWorld';
import { describeModel } from './describeModel';

describeModel(cart, {
  name: 'cart',
  title: 'cart model, on the real cart machine (a fake cart API, simulated clock)',
  sizeTitle: 'the cart model has states and transitions to cover',
  world: async (inspect) => {
    const world = new CartWorld(inspect);
    await world.open();
    return world;
  },
});
