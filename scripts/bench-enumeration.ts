/**
 * `npm run bench:enumeration`: can the timing of an answer tell whether an e-mail address has an
 * account? Against a fresh server of its own (the real process, a copy of the seeded embedded
 * database, on loopback), it sends the same requests for addresses with an account and without one,
 * in pairs (one of each, in a random order), one request at a time, and prints per endpoint the
 * median and p90 of each kind, the difference of the medians (the goal: within 1 ms), and the
 * median of the pairs' differences, which a change of load on a shared machine disturbs less.
 *
 * Options: --n 200 (requests of each kind per endpoint), --accounts 20 (known addresses, cycled).
 */
import { startOwnServer } from '../tests/e2e/ownServer';

const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? Number(process.argv[index + 1]) : fallback;
};
const N = arg('n', 200);
const ACCOUNTS = arg('accounts', 20);
const WARM_UP = 20;
const PASSWORD = 'correct horse battery';

/** Every limit raised: the bench measures answers, not 429s. */
const UNLIMITED = {
  LIMIT_LOGIN_PER_ADDRESS: '1000000/1m',
  LIMIT_LOGIN_PER_ACCOUNT_ADDRESS: '1000000/1m',
  LIMIT_LOGIN_PER_ACCOUNT: '1000000/1m',
  LIMIT_REGISTER_PER_ADDRESS: '1000000/1m',
  LIMIT_RESET_PER_ADDRESS: '1000000/1m',
  LIMIT_SIGNIN_LINK_PER_ADDRESS: '1000000/1m',
  // Every request for a known address does the whole work (a code, a link, an e-mail).
  LIMIT_MAIL_PER_RECIPIENT: '1000000/1m',
  STATIC_DIR: '/nonexistent-api-only',
};

/** A small seeded generator, so a run's order can be repeated. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

function shuffle<T>(items: T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}

const quantile = (sorted: number[], q: number) => {
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
};

interface Endpoint {
  name: string;
  path: string;
  /** The body for the i-th request about a known or an unknown address. */
  body(kind: 'known' | 'unknown', i: number): Record<string, string>;
  /** The status every answer of that kind must have (the bench checks it measured the right thing). */
  status: { known: number; unknown: number };
}

async function main() {
  const server = await startOwnServer(UNLIMITED);
  const base = server.baseURL;
  const post = async (path: string, body: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(`${base}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };

  try {
    const run = Date.now().toString(36);
    const known = Array.from({ length: ACCOUNTS }, (_, i) => `known.${run}.${i}@bakery.example`);
    for (const email of known) {
      const { status } = await post('/register', {
        email,
        password: PASSWORD,
        firstname: 'Dana',
        lastname: 'Reyes',
        company: 'Reyes Bakery',
      });
      if (status !== 200) throw new Error(`Could not create ${email}: ${status}`);
    }
    const unknown = (i: number) => `nobody.${run}.${i}@nowhere.example`;
    const account = (i: number) => known[i % known.length] ?? '';

    const endpoints: Endpoint[] = [
      {
        name: 'POST /forgotpassword',
        path: '/forgotpassword',
        body: (kind, i) => ({ email: kind === 'known' ? account(i) : unknown(i) }),
        status: { known: 200, unknown: 200 },
      },
      {
        name: 'POST /login/link',
        path: '/login/link',
        body: (kind, i) => ({ email: kind === 'known' ? account(i) : unknown(i) }),
        status: { known: 200, unknown: 200 },
      },
      {
        name: 'POST /register',
        path: '/register',
        // A taken address against a new one (which then becomes an account: each is used once).
        body: (kind, i) => ({
          email: kind === 'known' ? account(i) : `new.${run}.${i}@bakery.example`,
          password: PASSWORD,
          firstname: 'Dana',
          lastname: 'Reyes',
          company: 'Reyes Bakery',
        }),
        status: { known: 422, unknown: 200 },
      },
      {
        name: 'POST /login (wrong password)',
        path: '/login',
        body: (kind, i) => ({
          email: kind === 'known' ? account(i) : unknown(i),
          password: 'not the password',
        }),
        status: { known: 422, unknown: 422 },
      },
    ];

    console.log(
      `Account enumeration by timing: ${N} requests per kind and endpoint, in pairs in a random order, one at a time, ` +
        `on ${base} (${ACCOUNTS} known addresses).\n`,
    );
    const header = [
      'endpoint',
      'known p50',
      'unknown p50',
      'Δ p50',
      'paired Δ p50',
      'known p90',
      'unknown p90',
      'verdict',
    ];
    const rows: string[][] = [];
    let allWithin = true;
    for (const [index, endpoint] of endpoints.entries()) {
      const next = random(1234 + index);
      for (let i = 0; i < WARM_UP; i++)
        await post(endpoint.path, endpoint.body(i % 2 ? 'known' : 'unknown', N + i));
      // Pairs, each in a random order: a slow spell of the machine falls on both kinds alike.
      const order = Array.from({ length: N }, (_, i) =>
        shuffle([['known', i] as const, ['unknown', i] as const], next),
      ).flat();
      const times = { known: [] as number[], unknown: [] as number[] };
      for (const [kind, i] of order) {
        const { ms, status } = await post(endpoint.path, endpoint.body(kind, i));
        if (status !== endpoint.status[kind])
          throw new Error(
            `${endpoint.name} answered ${status} for a ${kind} address, not ${endpoint.status[kind]}`,
          );
        times[kind][i] = ms;
      }
      const paired = times.known.map((ms, i) => ms - (times.unknown[i] ?? 0)).sort((a, b) => a - b);
      const k = [...times.known].sort((a, b) => a - b);
      const u = [...times.unknown].sort((a, b) => a - b);
      const delta = quantile(k, 0.5) - quantile(u, 0.5);
      const within = Math.abs(delta) <= 1;
      allWithin &&= within;
      const ms = (value: number) => `${value.toFixed(2)} ms`;
      const signed = (value: number) => `${value >= 0 ? '+' : ''}${ms(value)}`;
      rows.push([
        endpoint.name,
        ms(quantile(k, 0.5)),
        ms(quantile(u, 0.5)),
        signed(delta),
        signed(quantile(paired, 0.5)),
        ms(quantile(k, 0.9)),
        ms(quantile(u, 0.9)),
        within ? 'within 1 ms' : 'LEAKS',
      ]);
    }
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
    const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
    console.log(line(header));
    for (const row of rows) console.log(line(row));
    console.log(
      `\n${allWithin ? 'No endpoint tells by its timing whether an address has an account.' : 'Some endpoint leaks by timing.'}` +
        ' (Registration still says in words that an address is taken: a person needs to know; its per-address limit keeps that from being asked in bulk.)',
    );
    if (!allWithin) process.exitCode = 1;
  } finally {
    await server.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
