/**
 * One checkout's server-side search bench, in a process of its own: imports that checkout's
 * scripts/bench-search.ts (its `benchServer`, which every release since the bench was written has, over
 * its own server modules and database template) and prints its figures as one JSON line after
 * BENCH_JSON_MARK. `npm run bench:search` runs it with the checkout as working folder, once a round for
 * each checkout.
 *
 * Arguments: <checkout>/scripts/bench-search.ts <queries> <seed>.
 */
import { pathToFileURL } from 'node:url';
import { BENCH_JSON_MARK } from './baseline';
// The type only: this checkout's server modules stay out of a process that loads another's.
import type { ServerBench } from './searchBenchReport';

const [file, queries, seed] = process.argv.slice(2);
if (!file) throw new Error("Name the checkout's scripts/bench-search.ts.");
const { benchServer } = (await import(pathToFileURL(file).href)) as {
  benchServer(count: number, seed: number): Promise<ServerBench>;
};
const bench = await benchServer(Number(queries ?? 1000), Number(seed ?? 7));
process.stdout.write(`${BENCH_JSON_MARK}${JSON.stringify(bench)}\n`);
