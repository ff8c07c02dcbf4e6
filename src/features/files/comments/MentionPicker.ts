import type { Person } from '../../../../machines/files/commentThread.machine';

/** The "@sa" being typed just before the caret, or null when the caret is not after an @-word. */
export function mentionQuery(text: string, caret: number): { query: string; start: number } | null {
  const before = text.slice(0, caret);
  const match = before.match(/(^|\s)@([^\s@]{0,40})$/);
  if (!match) return null;
  const query = match[2] ?? '';
  return { query, start: caret - query.length - 1 };
}

/** The people whose name has a word starting with the query (everyone for a bare @), at most 8. */
export function peopleMatching(people: readonly Person[], query: string): Person[] {
  const wanted = query.toLowerCase();
  return people
    .filter(
      (p) =>
        wanted === '' ||
        p.name
          .toLowerCase()
          .split(/\s+/)
          .some((word) => word.startsWith(wanted)),
    )
    .slice(0, 8);
}

/** The text with the @-word replaced by the person's name, and where the caret goes after it. */
export function withMention(text: string, start: number, caret: number, person: Person) {
  const inserted = `@${person.name} `;
  return { text: text.slice(0, start) + inserted + text.slice(caret), caret: start + inserted.length };
}

/**
 * The person as the @ list and the chips show them: their name, and where a colleague shares it, which
 * of them (their place in the company's list), so two "Alex Kim" are never two identical choices.
 */
export function personLabel(person: Person, people: readonly Person[]): string {
  const namesakes = people.filter((p) => p.name === person.name);
  if (namesakes.length < 2) return person.name;
  const rank = namesakes.findIndex((p) => p.id === person.id);
  return rank < 0 ? person.name : `${person.name} (${rank + 1} of ${namesakes.length})`;
}
