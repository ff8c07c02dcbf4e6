import { describeModel } from './describeModel';
import { orders } from './ordersModel';
import { OrdersWorld } from './ordersWorld';

describeModel(orders, {
  name: 'orders',
  title: 'orders model, on the real orders-list and order-page machines (fake API, simulated clock)',
  sizeTitle: 'the orders model has states and transitions to cover',
  world: (inspect) => new OrdersWorld(inspect),
});
