import type { PreflightInput, PreflightResult } from '../../server/preflight/index';

/*
 * A check worker's module for the pool's tests: what it does is named by the file's path. `loop`
 * never ends, `grow` fills its heap, `throw` fails; anything else passes with a four-byte thumbnail.
 */
export default async function standInCheck(input: PreflightInput): Promise<PreflightResult> {
  if (input.path === 'loop') for (;;);
  if (input.path === 'grow') {
    const kept: number[][] = [];
    for (;;) kept.push(new Array(100_000).fill(input.size));
  }
  if (input.path === 'throw') throw new Error('The stand-in check failed.');
  return { status: 'passed', format: 'png', checks: [], thumbnail: Buffer.from([1, 2, 3, 4]) };
}
