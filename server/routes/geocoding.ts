import { Hono } from 'hono';
import { type GeocodeAnswer, type GeocodeFeature, geocodeQuery } from '../../contract/geocoding';
import { type Place, searchPlaces } from '../data/places';
import type { AppEnv } from '../env';
import { stateName } from '../geo/states';
import { query } from '../http/validators';

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-');

/** A place as a Mapbox v5 feature: the place, with its zip code and state in `context`. */
function toFeature(place: Place): GeocodeFeature {
  const center: [number, number] = [place.longitude, place.latitude];
  const region = {
    id: `region.${place.state.toLowerCase()}`,
    text: stateName(place.state),
    short_code: `US-${place.state}`,
  };
  const country = { id: 'country.us', text: 'United States', short_code: 'us' };
  const postcode = { id: `postcode.${place.zip}`, text: place.zip };
  const placeContext = { id: `place.${slug(`${place.city}-${place.state}-${place.zip}`)}`, text: place.city };
  const isPostcode = place.kind === 'postcode';
  return {
    id: isPostcode ? postcode.id : placeContext.id,
    type: 'Feature',
    place_type: [place.kind],
    relevance: 1,
    text: isPostcode ? place.zip : place.city,
    place_name: `${place.city}, ${region.text} ${place.zip}, United States`,
    center,
    geometry: { type: 'Point', coordinates: center },
    properties: {},
    context: isPostcode ? [placeContext, region, country] : [postcode, region, country],
  };
}

/**
 * Mapbox's v5 forward geocoding (`/geocoding/v5/mapbox.places/{query}.json`), answered from the zip
 * and place tables so the storefront's geocoder works with no outside service. The access token is
 * accepted and ignored.
 */
export const geocodingRoutes = new Hono<AppEnv>().get(
  '/mapbox.places/:file{.+\\.json}',
  // Hono has already decoded the path parameter; decoding again would break on a literal "%".
  query(geocodeQuery, (c) => ({ ...c.req.query(), query: c.req.param('file')?.replace(/\.json$/, '') })),
  async (c) => {
    const asked = c.req.valid('query');
    const found = await searchPlaces(c.var.readDb, asked.query, asked.limit);
    // A zip typed where only places were asked for answers the place around that zip, as Mapbox does.
    const wantsPostcodes = asked.types.includes('postcode');
    const places = found.map((p) =>
      p.kind === 'postcode' && !wantsPostcodes ? { ...p, kind: 'place' as const } : p,
    );
    const answer: GeocodeAnswer = {
      type: 'FeatureCollection',
      query: asked.query.toLowerCase().split(/\s+/),
      features: places.map(toFeature),
      attribution: 'Places from the US zip code tables of the embedded Adlane API.',
    };
    return c.json(answer);
  },
);
