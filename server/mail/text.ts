import { containsNonText } from '../../contract/auth';
import { containsLink } from '../../contract/links';

/**
 * A value a person typed (a name, a company), made safe to put in an e-mail's subject or text: on one
 * line, without control or invisible characters, with runs of spaces collapsed. A value that carries
 * a link (stored before names were checked) is replaced by `instead`: a link must not reach an
 * inbox in a trusted sender's words.
 */
export function mailText(value: string, instead: string): string {
  const line = [...value]
    .map((char) => (containsNonText(char) ? ' ' : char))
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  return line === '' || containsLink(line) ? instead : line;
}

/** A subject: one line, whatever it is made of (a newline in a header would start another header). */
export const subjectLine = (subject: string) => mailText(subject, 'A message from us').slice(0, 200);
