import { randomBytes } from 'node:crypto';
import { DEFAULT_SEARCH_INDEX } from '../../../contract/search';
import { BILLING, PASSWORD, type Placed } from '../httpShop';
import { apiCall, type Client, fetchWhole, newClient, pick, signedIn, signUpAs } from './client';
import type { World } from './world';

/**
 * The steps of a visitor and a customer that are not files: browsing, searching, quoting, signing up
 * and in, filling a cart, ordering, reading orders and invoices. Each records its requests and every
 * write the server acknowledged.
 */

export async function browsePage(_client: Client, world: World): Promise<void> {
  if (!world.site) return;
  const page = pick(world.site.pages);
  await world.record.timed('page', () =>
    fetchWhole(`${world.base}${page}`, { headers: { accept: 'text/html' } }),
  );
}

/** Without a build the site still has its crawler files. */
const CRAWLER_FILES = ['/robots.txt', '/sitemap.xml'];

export async function staticFile(_client: Client, world: World): Promise<void> {
  const file = pick(world.site && Math.random() < 0.9 ? world.site.files : CRAWLER_FILES);
  await world.record.timed('static', () =>
    fetchWhole(`${world.base}${file}`, { headers: { 'accept-encoding': 'br, gzip' } }),
  );
}

export async function shopSearch(_client: Client, world: World): Promise<void> {
  const { type, zip } = pick(world.searches);
  const page = Math.random() < 0.2 ? 2 : 1;
  await world.record.timed('shop search', () =>
    apiCall(world, 'POST', `/media/search?media_types[]=${type}&zip[]=${zip}&page=${page}&per_page=12`),
  );
}

export async function placementPage(_client: Client, world: World): Promise<void> {
  const { mediacode } = pick(world.placements);
  await world.record.timed('placement', () => apiCall(world, 'GET', `/media/${mediacode}`));
}

export async function quote(_client: Client, world: World): Promise<void> {
  const { mediacode, date, quantity } = pick(world.placements);
  const dates = await world.record.timed('availability', () =>
    apiCall(world, 'GET', `/media/${mediacode}/availability`),
  );
  if (!dates) return;
  await world.record.timed('quote', () =>
    apiCall(
      world,
      'GET',
      `/media/${mediacode}/quote?dates[]=${encodeURIComponent(date)}&quantity=${quantity}`,
    ),
  );
}

/** What people type into the header's search, a letter at a time. */
const TYPED = [
  'chicago',
  'seattle',
  'boston',
  'denver',
  'golf digest',
  'rolling stone',
  'streaming tv',
  '60614',
];

/** InstantSearch's query through algoliasearch/lite: 20 hits, the `type` facet, its highlight tags. */
export async function siteSearch(_client: Client, world: World): Promise<void> {
  const word = pick(TYPED);
  const query = word.slice(0, 1 + Math.floor(Math.random() * word.length));
  const body = {
    requests: [
      {
        indexName: DEFAULT_SEARCH_INDEX,
        query,
        hitsPerPage: 20,
        page: 0,
        facets: ['type'],
        maxValuesPerFacet: 10,
        highlightPreTag: '__ais-highlight__',
        highlightPostTag: '__/ais-highlight__',
      },
    ],
  };
  await world.record.timed('site search', () =>
    fetchWhole(`${world.base}/1/indexes/*/queries?x-algolia-agent=Algolia%20for%20JavaScript%20(5.64.0)`, {
      method: 'POST',
      headers: {
        'content-type': 'text/plain',
        'x-algolia-api-key': 'soak',
        'x-algolia-application-id': 'soak',
      },
      body: JSON.stringify(body),
    }),
  );
}

export async function signUp(client: Client, world: World): Promise<void> {
  await signUpAs(client, world);
}

/** One sign-in in eight is a mistyped address: its 422 is a refusal the client expects. */
export async function signIn(client: Client, world: World): Promise<void> {
  const known = world.record.accounts;
  if (known.length === 0 || Math.random() < 1 / 8) {
    const email = `nobody-${randomBytes(4).toString('hex')}@soak.example`;
    await world.record.timed(
      'sign-in',
      () => apiCall(world, 'POST', '/login', { body: { email, password: PASSWORD } }),
      [422],
    );
    return;
  }
  const email = pick(known);
  const user = await world.record.timed('sign-in', () =>
    apiCall<{ token: string }>(world, 'POST', '/login', { body: { email, password: PASSWORD } }),
  );
  if (user) Object.assign(client, { ...newClient(), customer: { email, token: user.token } });
}

/** A placement in a new cart, as a visitor or as the signed-in customer: the cart is acknowledged. */
async function addToNewCart(client: Client, world: World) {
  const placement = pick(world.placements);
  const cart = await world.record.timed('cart add', () =>
    apiCall<{ uuid: string; contents: { items: { id: number }[] } }>(world, 'POST', '/checkout/item/create', {
      token: client.customer?.token,
      body: { mediacode: placement.mediacode, dates: [placement.date], quantity: placement.quantity },
    }),
  );
  if (cart) world.record.carts.push(cart.uuid);
  return cart ? { cart, placement } : null;
}

export async function cartAdd(client: Client, world: World): Promise<void> {
  await addToNewCart(client, world);
}

export async function checkout(client: Client, world: World): Promise<void> {
  const customer = await signedIn(client, world);
  if (!customer) return;
  const added = await addToNewCart(client, world);
  if (!added) return;
  const { cart, placement } = added;
  // Clients sign in to any account signed up so far, so two may fill one account's cart at once, as
  // colleagues or a person's two browsers do: the 409 that says the cart changed is the server's to give.
  const placed = await world.record.timed(
    'checkout',
    () =>
      apiCall<Placed>(world, 'POST', `/checkout/${cart.uuid}/place`, {
        token: customer.token,
        body: {
          billing: BILLING,
          idempotency_key: randomBytes(12).toString('hex'),
          item_ids: cart.contents.items.map((item) => item.id),
        },
      }),
    [409],
  );
  for (const { number } of placed?.orders ?? []) {
    world.record.orders.push(number);
    client.orders.push({ number, run: placement.date });
  }
}

export async function orders(client: Client, world: World): Promise<void> {
  const customer = await signedIn(client, world);
  if (!customer) return;
  const { token } = customer;
  const listed = await world.record.timed('orders', () => apiCall(world, 'GET', '/orders?page=1', { token }));
  const order = client.orders.at(-1);
  if (listed && order)
    await world.record.timed('order', () => apiCall(world, 'GET', `/orders/${order.number}`, { token }));
}

/** The company's invoices, and one as the PDF a customer downloads. */
export async function invoicePdf(client: Client, world: World): Promise<void> {
  if (client.orders.length === 0) await checkout(client, world);
  const token = client.customer?.token;
  if (!token || client.orders.length === 0) return;
  const listed = await world.record.timed('invoices', () =>
    apiCall<{ invoices: { number: string }[] }>(world, 'GET', '/invoices', { token }),
  );
  const invoice = listed?.invoices[0];
  if (!invoice) return;
  await world.record.timed('invoice pdf', async () => {
    const pdf = await fetchWhole(`${world.base}/api/v1/invoices/${invoice.number}.pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error('The invoice is not a PDF.');
  });
}
