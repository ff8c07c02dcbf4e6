import { attachMany } from './attachManyModel';
import { auth } from './authModel';
import { billing } from './billingModel';
import { cart } from './cartModel';
import { checkout } from './checkoutModel';
import { eddm } from './eddmModel';
import { orders } from './ordersModel';
import { payment } from './paymentModel';
import { placementEditor } from './placementEditorModel';
import { proofRound } from './proofRoundModel';
import { search } from './searchModel';
import { staffSignIn } from './staffSignInModel';
import { upload } from './uploadModel';

/** What `npm run test:model` needs of each model. */
interface ModelEntry {
  /** The prefix of its adapters' coverage records (`auth` → `auth-machine-00.json`). */
  name: string;
  /** What it models, as the report prints it. */
  title: string;
  graph: () => { states: Set<string>; transitions: Set<string> };
  /** The generated paths, each as a line of stimuli and the state it ends in. */
  lines: () => string[];
  /** Adapter (a): the real machine with fakes and a simulated clock (a Vitest file). */
  machineTest: string;
  /** Adapter (b), for the flows a person drives in the browser: the real app in Chromium (a Playwright file). */
  browserSpec?: string;
}

const linesOf = <P extends { state: { value: unknown } }>(paths: P[], describe: (path: P) => string) =>
  paths.map((path) => `${describe(path)}  ⇒  ${JSON.stringify(path.state.value)}`);

/** Every model of the app's flows, in the order the report prints them. */
export const MODELS: ModelEntry[] = [
  // Issue 33: one file for several runs and orders (the real machines only; no browser adapter yet).
  {
    name: 'attachMany',
    title: 'One file for many runs (upload queue, upload and file actions machines)',
    graph: attachMany.graph,
    lines: () => linesOf(attachMany.paths(), attachMany.describePath),
    machineTest: 'tests/model/attachMany.model.test.ts',
  },
  {
    name: 'auth',
    title: 'Auth flows (session machine)',
    graph: auth.graph,
    lines: () => linesOf(auth.paths(), auth.describePath),
    machineTest: 'tests/model/session.model.test.ts',
    browserSpec: 'tests/e2e/auth.model.spec.ts',
  },
  {
    name: 'billing',
    title: 'Billing (invoices list and Pay now machines)',
    graph: billing.graph,
    lines: () => linesOf(billing.paths(), billing.describePath),
    machineTest: 'tests/model/billing.model.test.ts',
  },
  {
    name: 'cart',
    title: 'Cart (cart machine)',
    graph: cart.graph,
    lines: () => linesOf(cart.paths(), cart.describePath),
    machineTest: 'tests/model/cart.model.test.ts',
    browserSpec: 'tests/e2e/cart.model.spec.ts',
  },
  {
    name: 'checkout',
    title: 'Checkout (checkout machine)',
    graph: checkout.graph,
    lines: () => linesOf(checkout.paths(), checkout.describePath),
    machineTest: 'tests/model/checkout.model.test.ts',
    browserSpec: 'tests/e2e/checkout.model.spec.ts',
  },
  {
    name: 'eddm',
    title: 'Every-door direct mail (eddm machine)',
    graph: eddm.graph,
    lines: () => linesOf(eddm.paths(), eddm.describePath),
    machineTest: 'tests/model/eddm.model.test.ts',
  },
  {
    name: 'orders',
    title: 'Orders (orders list and order page machines)',
    graph: orders.graph,
    lines: () => linesOf(orders.paths(), orders.describePath),
    machineTest: 'tests/model/orders.model.test.ts',
  },
  // Issue 30, part 2: the card checkout's confirmation page (the browser's is part 6's payments spec).
  {
    name: 'payment',
    title: 'Card checkout confirmation (payment wait machine)',
    graph: payment.graph,
    lines: () => linesOf(payment.paths(), payment.describePath),
    machineTest: 'tests/model/payment.model.test.ts',
  },
  // Issue 31, part 2: the back office's placement editor (its browser adapter comes with the e2e spec).
  {
    name: 'placementEditor',
    title: 'Placement editor (back office: placement editor machine)',
    graph: placementEditor.graph,
    lines: () => linesOf(placementEditor.paths(), placementEditor.describePath),
    machineTest: 'tests/model/placementEditor.model.test.ts',
  },
  // Issue 31, part 4: a design order's brief and proofs.
  {
    name: 'proofRound',
    title: 'Design proof round (proof round machine)',
    graph: proofRound.graph,
    lines: () => linesOf(proofRound.paths(), proofRound.describePath),
    machineTest: 'tests/model/proofRound.model.test.ts',
  },
  {
    name: 'search',
    title: 'Search drawer (search drawer machine)',
    graph: search.graph,
    lines: () => linesOf(search.paths(), search.describePath),
    machineTest: 'tests/model/search.model.test.ts',
    browserSpec: 'tests/e2e/search.model.spec.ts',
  },
  // Issue 31, part 1: the back office's sign-in (the browser adapter comes with part 5's spec).
  {
    name: 'staffSignIn',
    title: 'Back office sign-in (staff session machine)',
    graph: staffSignIn.graph,
    lines: () => linesOf(staffSignIn.paths(), staffSignIn.describePath),
    machineTest: 'tests/model/staffSignIn.model.test.ts',
  },
  {
    name: 'upload',
    title: 'Uploads on an order (upload queue, upload and file actions machines)',
    graph: upload.graph,
    lines: () => linesOf(upload.paths(), upload.describePath),
    machineTest: 'tests/model/upload.model.test.ts',
    browserSpec: 'tests/e2e/upload.model.spec.ts',
  },
];
