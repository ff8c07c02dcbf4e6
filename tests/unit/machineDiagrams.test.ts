import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineDiagrams } from '../../scripts/machine-diagrams';

describe('machine diagrams (docs/machines, linked from the README)', () => {
  it('match the machines: a changed machine needs `npm run machines:diagrams`', () => {
    const files = machineDiagrams();
    expect(files.size).toBeGreaterThanOrEqual(10);
    for (const [file, text] of files) {
      const committed = readFileSync(path.resolve('docs/machines', file), 'utf8');
      expect(committed, `docs/machines/${file} is stale: run npm run machines:diagrams`).toBe(text);
    }
  });

  it('draw each machine with its states and events', () => {
    const chat = machineDiagrams().get('chatWidget.md') ?? '';
    expect(chat).toContain('stateDiagram-v2');
    expect(chat).toContain('off --> loading: chat.boot');
    expect(chat).toContain('booted --> loading: chat.visitorChanged');
  });
});
