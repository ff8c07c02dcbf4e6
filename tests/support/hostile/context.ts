import { randomUUID } from 'node:crypto';
import { bytesOf, jsonText, percentEncode } from './encode';
import type { FuzzContext } from './endpoint';
import type { Send } from './judge';

/**
 * Learns, through the API itself, the values the hostile variants start from: a signed-in customer,
 * a placement that can be put in a cart (and the cart), an every-door selection, an invitation, a
 * reset link and a sign-in code. Works the same in-process and over HTTP.
 */
export async function learnContext(
  send: Send,
  { afterAnswers, outboxKey }: { afterAnswers?: () => Promise<void>; outboxKey?: string } = {},
): Promise<FuzzContext> {
  const call = async <T>(method: string, target: string, body?: unknown, token?: string): Promise<T> => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (outboxKey && target.startsWith('/api/v1/dev/')) headers['x-outbox-key'] = outboxKey;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const answer = await send({
      method,
      target,
      headers,
      ...(body === undefined ? {} : { body: bytesOf(jsonText(body)) }),
      variant: 'setup',
    });
    const parsed = JSON.parse(answer.text) as { data: T; message: string };
    if (answer.status !== 200)
      throw new Error(
        `Setting up the fuzz: ${method} ${target} answered ${answer.status}: ${parsed.message}`,
      );
    return parsed.data;
  };
  const tag = randomUUID().slice(0, 8);
  const email = `fuzz.${tag}@example.com`;
  const password = `fuzz password ${tag}`;
  const account = await call<{ uuid: string; token: string }>('POST', '/api/v1/register', {
    email,
    password,
    firstname: 'Fuzz',
    lastname: 'Customer',
    company: `Fuzz ${tag}`,
  });
  const token = account.token;

  // A placement with an open date: the first the search lists that takes one into a cart.
  const search = await call<{ items: { mediacode: string }[] }>(
    'POST',
    '/api/v1/media/search?media_types[]=printmag&media_types[]=tv&per_page=30',
  );
  let item: { mediacode: string; dates: string[]; quantity: number } | null = null;
  for (const { mediacode } of search.items) {
    const found = await call<{
      options: { value: string; available: boolean }[];
      quantities: { value: number }[];
    }>('GET', `/api/v1/media/${percentEncode(mediacode)}/availability`);
    const date = found.options.find((o) => o.available)?.value;
    const quantity = found.quantities[0]?.value;
    if (date && quantity) {
      item = { mediacode, dates: [date], quantity };
      break;
    }
  }
  if (!item) throw new Error('Setting up the fuzz: no placement in the search has an open date.');
  const addItem = (cartid?: string) =>
    call<{ uuid: string; contents: { items: { id: number }[] } }>(
      'POST',
      '/api/v1/checkout/item/create',
      {
        mediacode: item.mediacode,
        dates: item.dates,
        quantity: item.quantity,
        ...(cartid ? { cartid } : {}),
      },
      token,
    );
  // An order of the customer's, placed from a first cart; the cart the place route is fuzzed with is the
  // next one (placing a cart starts a new one).
  const ordered = await addItem();
  const placed = await call<{ orders: { number: string }[] }>(
    'POST',
    `/api/v1/checkout/${ordered.uuid}/place`,
    {
      billing: {
        name: 'Fuzz Customer',
        email: `billing.${email}`,
        phone: '(312) 555-0100',
        company: `Fuzz ${tag}`,
        address: '1 Main St',
        city: 'Chicago',
        state: 'IL',
        zip: '60601',
      },
      idempotency_key: `fuzz-context-order-${tag}`,
      item_ids: ordered.contents.items.map((i) => i.id),
    },
    token,
  );
  const orderNumber = placed.orders[0]?.number;
  if (!orderNumber) throw new Error('Setting up the fuzz: the order was not placed.');
  const cart = await addItem();
  const spare = await call<{ uuid: string; contents: { items: { id: number }[] } }>(
    'POST',
    '/api/v1/checkout/item/create',
    { mediacode: item.mediacode, dates: item.dates, quantity: item.quantity },
  );

  const zip = '60614';
  const zipAnswer = await call<{ prodcode: string; routes: { routecode: string }[] }>(
    'GET',
    `/api/v1/eddm/zip?zip=${zip}`,
  );
  const routecode = zipAnswer.routes[0]?.routecode ?? `${zip}C001`;
  const selection = await call<{ id: string }>('POST', '/api/v1/eddm/cart', { routes: [routecode] });
  const rates = await call<{ rates: { mediacode: string }[] }>('GET', `/api/v1/abdm/rates?zip=${zip}`);

  // An invitation, a reset link and a sign-in code, read from the development outbox when it is shown.
  const inviteEmail = `fuzz.colleague.${tag}@example.com`;
  await call('POST', '/api/v1/team/invite', { email: inviteEmail }, token);
  const resetEmail = `fuzz.reset.${tag}@example.com`;
  await call('POST', '/api/v1/register', {
    email: resetEmail,
    password,
    firstname: 'Reset',
    lastname: 'Target',
    company: `Fuzz ${tag}`,
  });
  await call('POST', '/api/v1/forgotpassword', { email: resetEmail });
  await call('POST', '/api/v1/login/link', { email: resetEmail });
  // E-mails go after the answer: an app in-process says when they are done; a server is asked again.
  if (afterAnswers) await afterAnswers();
  const links = await linksTo(call, [inviteEmail, resetEmail], afterAnswers ? 1 : 30);
  const param = (name: string) =>
    links.map((link) => new URL(link, 'http://x').searchParams.get(name)).find((value) => value) ?? null;

  return {
    token,
    userId: account.uuid,
    email,
    password,
    mediacode: item.mediacode,
    dates: item.dates,
    quantity: item.quantity,
    prodcode: zipAnswer.prodcode,
    zip,
    routecode,
    cartId: cart.uuid,
    itemIds: cart.contents.items.map((i) => i.id),
    orderNumber,
    spareCartId: spare.uuid,
    spareItemId: spare.contents.items[0]?.id ?? 1,
    selectionId: selection.id,
    abdmMediacode: rates.rates[0]?.mediacode ?? 'ABDM-NONE',
    dropWeek: nextMonday(28),
    browserId: randomUUID(),
    // The invitation's secret is only in its e-mailed link (the API answers its public id).
    invite: { uuid: param('uuid') ?? randomUUID(), coid: param('coid') ?? randomUUID(), email: inviteEmail },
    reset: { tok: param('tok') ?? 'a'.repeat(32), resetcode: param('resetcode') ?? 'b'.repeat(32) },
    signinCode: param('code') ?? 'c'.repeat(32),
  };
}

type Call = <T>(method: string, target: string) => Promise<T>;

/** The links of the e-mails sent to these addresses, asked up to `tries` times 100 ms apart. */
async function linksTo(call: Call, addresses: string[], tries: number): Promise<string[]> {
  const read = async () => {
    const links: string[] = [];
    for (const to of addresses) {
      try {
        const mails = await call<{ link: string | null }[]>(
          'GET',
          `/api/v1/dev/outbox?to=${percentEncode(to)}&limit=10`,
        );
        for (const mail of mails) if (mail.link) links.push(mail.link);
      } catch {
        return [];
      }
    }
    return links;
  };
  let links = await read();
  for (let tried = 1; tried < tries && links.length < 3; tried++) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    links = await read();
  }
  return links;
}

/** A Monday at least `days` ahead (ISO date), a plausible drop week. */
function nextMonday(days: number): string {
  const date = new Date(Date.now() + days * 86_400_000);
  date.setUTCDate(date.getUTCDate() + ((8 - date.getUTCDay()) % 7));
  return date.toISOString().slice(0, 10);
}
