import { type PreflightInput, type PreflightResult, preflight } from './index';
import { keepDecodesSmall } from './pixelLimits';

/**
 * A check worker thread's one task (server/files/checkWorkers.ts runs it): pdf-lib and mp4box parse
 * on this thread's event loop and heap, not the server's.
 */
keepDecodesSmall();

export default function check(input: PreflightInput): Promise<PreflightResult> {
  return preflight(input);
}
