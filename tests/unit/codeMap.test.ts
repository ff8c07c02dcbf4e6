import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README's "Map of the code" is how a newcomer finds their way: every folder of the tree's
 * main parts is named in it, under its part, so a folder added without a line there fails here.
 */
const root = path.resolve(__dirname, '../..');
const PARTS = ['contract', 'server', 'src', 'machines', 'tests', 'scripts'];

/** The map's text under each top-level entry (`server/`, `src/`, ...), as written in the README. */
function mapSections(): Map<string, string> {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const start = readme.indexOf('## Map of the code');
  const open = readme.indexOf('```', start);
  const close = readme.indexOf('```', open + 3);
  expect(start, 'the README has a "Map of the code" section').toBeGreaterThanOrEqual(0);
  const sections = new Map<string, string>();
  let current = '';
  for (const line of readme.slice(open + 3, close).split('\n')) {
    const top = /^([a-z]+)\//.exec(line);
    if (top?.[1]) current = top[1];
    if (current) sections.set(current, `${sections.get(current) ?? ''}\n${line}`);
  }
  return sections;
}

const foldersOf = (part: string) =>
  readdirSync(path.join(root, part), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

describe("the README's map of the code", () => {
  const sections = mapSections();
  it.each(PARTS)('names every folder of %s/ under its entry', (part) => {
    const text = sections.get(part);
    expect(text, `${part}/ has an entry`).toBeDefined();
    const missing = foldersOf(part).filter((folder) => !new RegExp(`(^|[\\s(,])${folder}/`).test(text ?? ''));
    expect(missing).toEqual([]);
  });
});
