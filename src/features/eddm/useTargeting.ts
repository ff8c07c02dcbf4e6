import { useSelector } from '@xstate/react';
import type { Bbox, CarrierRoute, RouteFilters, RouteShape } from '../../../contract/directMail';
import type { EddmSnapshot, Pin, RadiusCircle } from '../../../machines/eddm/eddm.machine';
import {
  selectFilters,
  selectHiddenRoutes,
  selectIsDrawingArea,
  selectIsLoadingNear,
  selectIsPlacingPin,
  selectLoadedShapes,
  selectMailingRoutes,
  selectMapFocus,
  selectNearError,
  selectPickNotice,
  selectPin,
  selectRadiusCircle,
  selectRadiusMiles,
  selectShownRoutes,
} from '../../../machines/eddm/eddm.selectors';
import { useEddmActor } from './useEddm';

// Targeting's values (issue 34), one hook each, as useEddm.ts does for the rest of the page.
const useTargetingValue = <T>(selector: (s: EddmSnapshot) => T, compare?: (a: T, b: T) => boolean): T =>
  useSelector(useEddmActor(), selector, compare);

const sameCircle = (a: RadiusCircle | null, b: RadiusCircle | null) =>
  a === b || (a !== null && b !== null && a.lat === b.lat && a.lng === b.lng && a.miles === b.miles);
const sameRoutes = (a: readonly CarrierRoute[], b: readonly CarrierRoute[]) =>
  a.length === b.length && a.every((route, i) => route === b[i]);

export const useRouteFilters = (): RouteFilters => useTargetingValue(selectFilters);
/** The mailing: the picked routes that match the filters. */
export const useMailingRoutes = (): readonly CarrierRoute[] => useTargetingValue(selectMailingRoutes);
/** The picked routes the filters hide. */
export const useHiddenRoutes = (): readonly CarrierRoute[] => useTargetingValue(selectHiddenRoutes);
/** The routes on the map: the zip code shown and those met around the pin. */
export const useShownRoutes = (): readonly CarrierRoute[] => useTargetingValue(selectShownRoutes, sameRoutes);
export const useLoadedShapes = (): Readonly<Record<string, RouteShape>> =>
  useTargetingValue(selectLoadedShapes);
export const useMapFocus = (): Bbox | null => useTargetingValue(selectMapFocus);
export const usePin = (): Pin | null => useTargetingValue(selectPin);
export const useRadiusMiles = (): number => useTargetingValue(selectRadiusMiles);
export const useRadiusCircle = (): RadiusCircle | null => useTargetingValue(selectRadiusCircle, sameCircle);
export const useIsPlacingPin = (): boolean => useTargetingValue(selectIsPlacingPin);
export const useIsLoadingNear = (): boolean => useTargetingValue(selectIsLoadingNear);
export const useNearError = (): string | null => useTargetingValue(selectNearError);
export const useIsDrawingArea = (): boolean => useTargetingValue(selectIsDrawingArea);
export const usePickNotice = (): string | null => useTargetingValue(selectPickNotice);
