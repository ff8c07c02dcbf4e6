import { describe, expect, it } from 'vitest';
import {
  mentionQuery,
  peopleMatching,
  personLabel,
  withMention,
} from '../../src/features/files/comments/MentionPicker';

const people = [
  { id: 'u1', name: 'Dana Whitfield' },
  { id: 'u2', name: 'Sam Okafor' },
  { id: 'u3', name: 'Samira Diaz' },
];

describe('the @ mention picker', () => {
  it('finds the @-word just before the caret, and nothing inside an address or after a space', () => {
    expect(mentionQuery('Look, @Sa', 9)).toEqual({ query: 'Sa', start: 6 });
    expect(mentionQuery('@', 1)).toEqual({ query: '', start: 0 });
    expect(mentionQuery('dana@bakery.example', 19)).toBeNull();
    expect(mentionQuery('@Sam and', 8)).toBeNull();
    expect(mentionQuery('Look, @Sa and more', 9)).toEqual({ query: 'Sa', start: 6 });
  });

  it('offers the people with a name that has a word starting with what was typed', () => {
    expect(peopleMatching(people, 'sa').map((p) => p.id)).toEqual(['u2', 'u3']);
    expect(peopleMatching(people, 'oka').map((p) => p.id)).toEqual(['u2']);
    expect(peopleMatching(people, '').map((p) => p.id)).toEqual(['u1', 'u2', 'u3']);
    expect(peopleMatching(people, 'x')).toEqual([]);
  });

  it('writes the name in place of the @-word and puts the caret after it', () => {
    expect(withMention('Look, @Sa please', 6, 9, { id: 'u2', name: 'Sam Okafor' })).toEqual({
      text: 'Look, @Sam Okafor  please',
      caret: 18,
    });
  });

  it('tells apart two people sharing a name, and leaves a unique name as it is (found by review)', () => {
    const alex1 = { id: 'u5', name: 'Alex Kim' };
    const alex2 = { id: 'u6', name: 'Alex Kim' };
    const all = [...people, alex1, alex2];
    expect(personLabel(alex1, all)).toBe('Alex Kim (1 of 2)');
    expect(personLabel(alex2, all)).toBe('Alex Kim (2 of 2)');
    expect(personLabel({ id: 'u2', name: 'Sam Okafor' }, all)).toBe('Sam Okafor');
  });
});
