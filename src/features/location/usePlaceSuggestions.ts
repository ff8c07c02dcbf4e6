import { createActor } from 'xstate';
import { type PlaceChoice, suggestionsKey } from '../../../machines/places/placeSuggestions.machine';
import { useApp, useAppHandle } from '../../system/AppContext';
import {
  type RequestActor,
  useCurrentAnswer,
  useRequestData,
  useRequestStatus,
} from '../../system/hooks/request';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { createPreferredPlaceActor, placeSuggestionsLogic } from '../../system/places';

export type { PlaceChoice };

/** The suggestions of one picker field (machines/places/placeSuggestions.machine.ts). */
export type PlaceSuggestionsActor = RequestActor<string, PlaceChoice[]>;

/**
 * A field's suggestions actor, for as long as the field. The picker can show before the app's actors
 * have loaded; it is then created without the app's inspector and clock.
 */
export function usePlaceSuggestionsActor(): PlaceSuggestionsActor {
  const app = useApp();
  return useFlowActor(() =>
    createActor(placeSuggestionsLogic(), { ...app?.actorOptions, input: { key: null } }),
  );
}

/** Tells the suggestions what the field holds now. */
export const sendTyped = (actor: PlaceSuggestionsActor, text: string) =>
  actor.send({ type: 'request.keyChanged', key: suggestionsKey(text) });

const NONE: PlaceChoice[] = [];

export const useSuggestionsStatus = (actor: PlaceSuggestionsActor) => useRequestStatus(actor);
/** The places found: while the next ones load, the ones before. */
export const useSuggestedPlaces = (actor: PlaceSuggestionsActor): PlaceChoice[] =>
  useRequestData(actor) ?? NONE;

/**
 * The signed-in customer's first preferred market (GET /market/preferences/{uuid}) in a field that
 * preselects it (`preselects`, fixed for the field's life); null for visitors, while it loads, or when
 * they have none. Asked for while the field is on the page only: its actor lives as long as the field.
 */
export function usePreferredPlace(preselects: boolean): PlaceChoice | null {
  const handle = useAppHandle();
  return useCurrentAnswer(useFlowActor(() => createPreferredPlaceActor(handle, preselects)));
}
