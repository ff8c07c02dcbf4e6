import axios from 'redaxios';
import type { GeocodeAnswer, GeocodeFeature } from '../../contract/geocoding';
import { config } from '../config';

/**
 * Mapbox v5 forward geocoding, limited to the US and to places, addresses, localities and
 * neighbourhoods (SPEC section 7). The embedded API answers the same shape when no host is set.
 */
export async function geocode(text: string, limit = 5): Promise<GeocodeFeature[]> {
  const query = text.trim();
  if (!query) return [];
  const url = `${config.geocoderHost}/geocoding/v5/mapbox.places/${encodeURIComponent(query)}.json`;
  const response = await axios.get<GeocodeAnswer>(url, {
    params: {
      access_token: config.mapboxToken,
      country: 'us',
      types: 'place,address,locality,neighborhood',
      autocomplete: 'true',
      limit: String(limit),
    },
  });
  return response.data.features;
}
