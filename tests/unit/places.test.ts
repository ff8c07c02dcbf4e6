import { describe, expect, it } from 'vitest';
import type { GeocodeFeature } from '../../contract/geocoding';
import { postcodeOf, shortPlaceName } from '../../src/lib/places';

const base = {
  type: 'Feature' as const,
  relevance: 1,
  center: [-87.6, 41.9] as [number, number],
  geometry: { type: 'Point' as const, coordinates: [-87.6, 41.9] as [number, number] },
  properties: {},
};
const region = { id: 'region.123', text: 'Illinois', short_code: 'US-IL' };

describe('short place names (SPEC section 3: street address, place, region code, postcode)', () => {
  it('names a place by city, state code and zip', () => {
    const feature: GeocodeFeature = {
      ...base,
      id: 'place.1',
      place_type: ['place'],
      text: 'Chicago',
      place_name: 'Chicago, Illinois 60601, United States',
      context: [
        { id: 'postcode.1', text: '60601' },
        region,
        { id: 'country.1', text: 'United States', short_code: 'us' },
      ],
    };
    expect(shortPlaceName(feature)).toBe('Chicago, IL 60601');
    expect(postcodeOf(feature)).toBe('60601');
  });

  it('puts the street address first for an address', () => {
    const feature: GeocodeFeature = {
      ...base,
      id: 'address.1',
      place_type: ['address'],
      address: '350',
      text: 'N Orleans St',
      place_name: '350 N Orleans St, Chicago, Illinois 60654, United States',
      context: [{ id: 'postcode.2', text: '60654' }, { id: 'place.2', text: 'Chicago' }, region],
    };
    expect(shortPlaceName(feature)).toBe('350 N Orleans St, Chicago, IL 60654');
  });

  it('keeps a neighbourhood with its city, and a postcode feature as its own zip', () => {
    const neighborhood: GeocodeFeature = {
      ...base,
      id: 'neighborhood.1',
      place_type: ['neighborhood'],
      text: 'Wicker Park',
      place_name: 'Wicker Park, Chicago, Illinois 60622, United States',
      context: [{ id: 'postcode.3', text: '60622' }, { id: 'place.3', text: 'Chicago' }, region],
    };
    expect(shortPlaceName(neighborhood)).toBe('Wicker Park, Chicago, IL 60622');
    const postcode: GeocodeFeature = {
      ...base,
      id: 'postcode.4',
      place_type: ['postcode'],
      text: '60601',
      place_name: '60601',
      context: [{ id: 'place.4', text: 'Chicago' }, region],
    };
    expect(shortPlaceName(postcode)).toBe('Chicago, IL 60601');
  });

  it('has no zip when the geocoder gives none', () => {
    const feature: GeocodeFeature = {
      ...base,
      id: 'place.5',
      place_type: ['place'],
      text: 'Chicago',
      place_name: 'Chicago',
      context: [region],
    };
    expect(postcodeOf(feature)).toBeUndefined();
    expect(shortPlaceName(feature)).toBe('Chicago, IL');
  });
});
