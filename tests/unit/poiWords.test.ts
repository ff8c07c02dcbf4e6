import { describe, expect, it } from 'vitest';
import { poiDetail } from '../../src/features/media/poiWords';

describe('the line under a place the placement reaches', () => {
  it('does not repeat the city the name already says', () => {
    expect(poiDetail({ name: 'Aurora', kind: 'place', city: 'Aurora' })).toBe('Place');
    expect(poiDetail({ name: 'Downtown Chicago', kind: 'place', city: 'Chicago' })).toBe('Place');
    expect(poiDetail({ name: 'Chicago 60601', kind: 'neighborhood', city: 'Chicago' })).toBe('Neighborhood');
    expect(poiDetail({ name: 'Loop Screens, Aurora 60505', kind: 'venue', city: 'Aurora' })).toBe('Venue');
  });

  it('names the city when the name does not, and words an unknown kind as a label', () => {
    expect(poiDetail({ name: 'Navy Pier', kind: 'venue', city: 'Chicago' })).toBe('Venue · Chicago');
    expect(poiDetail({ name: 'Union Station', kind: 'transit hub', city: 'Chicago' })).toBe(
      'Transit hub · Chicago',
    );
  });
});
