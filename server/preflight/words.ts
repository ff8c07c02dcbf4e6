import type { CheckPlace } from '../../contract/adFiles';
import { type FileFormat, FORMAT_LABELS } from '../../contract/specRequirements';

/** 2,588: whole numbers as the checks write them. */
export const count = (value: number): string => Math.round(value).toLocaleString('en-US');

/** "a PDF", "an MP4": a format inside a sentence. */
export const aFormat = (format: FileFormat): string => {
  const label = FORMAT_LABELS[format];
  return `${/^[AEIOUMFHLNRSX]/.test(label) ? 'an' : 'a'} ${label}`;
};

/** One check: what was found and, unless it passed, what to do, in one sentence. */
export interface Check {
  name: string;
  result: 'passed' | 'warning' | 'failed';
  message: string;
  /** Where on the proof the problem is, when the check can say (issue 33). */
  where?: CheckPlace[];
}

export const passed = (name: string, message: string): Check => ({ name, result: 'passed', message });
export const warning = (name: string, message: string): Check => ({ name, result: 'warning', message });
export const failed = (name: string, message: string): Check => ({ name, result: 'failed', message });

/**
 * A file refused before its checks could run (too many pixels, pages or objects to read safely): the
 * check's name and the sentence saying what to do, which become its one failed check.
 */
export class Refused extends Error {
  constructor(
    readonly check: string,
    message: string,
  ) {
    super(message);
  }
}
