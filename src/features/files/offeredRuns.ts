import type { AdFile, AttachableRun } from '../../../contract/adFiles';

/**
 * The runs "Attach to runs" offers a file: of the open runs the library lists (company-wide), those
 * whose placement takes the file's spec sheet and that the file does not serve yet.
 */
export function offeredRuns(
  runs: readonly AttachableRun[],
  file: Pick<AdFile, 'sheet' | 'runs'>,
): AttachableRun[] {
  const served = new Set(file.runs.map((run) => `${run.order} ${run.run}`));
  return runs.filter((run) => run.sheet === file.sheet.slug && !served.has(`${run.order} ${run.run}`));
}
