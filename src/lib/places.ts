import type { GeocodeFeature } from '../../contract/geocoding';

const contextOf = (feature: GeocodeFeature, kind: string) =>
  feature.context.find((c) => c.id.startsWith(`${kind}.`));

/** The zip code of a geocoded place, from the feature itself or its context. */
export function postcodeOf(feature: GeocodeFeature): string | undefined {
  if (feature.place_type.includes('postcode')) return feature.text;
  return contextOf(feature, 'postcode')?.text;
}

/**
 * A short place name from street address, place, region code and postcode:
 * "350 N Orleans St, Chicago, IL 60654" or "Chicago, IL 60601".
 */
export function shortPlaceName(feature: GeocodeFeature): string {
  const street = feature.place_type.includes('address')
    ? [feature.address, feature.text].filter(Boolean).join(' ')
    : undefined;
  const place = feature.place_type.includes('place') ? feature.text : contextOf(feature, 'place')?.text;
  const locality = feature.place_type.some((t) => t === 'locality' || t === 'neighborhood')
    ? feature.text
    : undefined;
  const regionCode = contextOf(feature, 'region')?.short_code?.replace(/^US-/i, '');
  const tail = [regionCode, postcodeOf(feature)].filter(Boolean).join(' ');
  return [street, locality, place, tail].filter(Boolean).join(', ');
}
