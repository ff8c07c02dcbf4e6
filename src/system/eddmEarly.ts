import type { EddmZip, ZipGeometry } from '../../contract/directMail';
import { directMailCalls } from './directMailCalls';

let early: { zip: string; answers: Promise<[EddmZip, ZipGeometry]> } | null = null;

/**
 * Asks for a zip code's routes and outline as soon as a deep link names it, while the app is still
 * starting: the every-door actor, which asks once the app's actors exist, then takes these answers in
 * flight (`takeZipEarly`) rather than asking in turn. Only the latest zip code's are kept.
 */
export function fetchZipEarly(zip: string): void {
  const answers = Promise.all([directMailCalls.fetchEddmZip(zip), directMailCalls.fetchZipGeometry(zip)]);
  // A failure is the actor's to show when it takes the answers.
  answers.catch(() => {});
  early = { zip, answers };
}

/** The answers asked for early for `zip`, once; null when there are none (the actor asks itself). */
export function takeZipEarly(zip: string): Promise<[EddmZip, ZipGeometry]> | null {
  if (early?.zip !== zip) return null;
  const { answers } = early;
  early = null;
  return answers;
}
