/**
 * The last step of `npm run build`: the server bundled into dist/.server/ (scripts/serverBundle.ts),
 * which `npm start` and `npm run serve` run with plain `node dist/.server/main.js`.
 */
import path from 'node:path';
import { buildServer } from './serverBundle';

const started = performance.now();
buildServer()
  .then(({ outdir }) =>
    console.log(
      `Server bundled into ${path.relative(process.cwd(), outdir)}/ in ${Math.round(performance.now() - started)} ms.`,
    ),
  )
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
