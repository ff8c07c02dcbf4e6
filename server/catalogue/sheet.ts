import { sheetOfPlacement } from '../../contract/specRequirements';

/**
 * The spec sheet an ad for a placement is checked against: the one the back office chose for it, or
 * its channel's; null for design work, which takes no file.
 */
export const placementSheet = (placement: {
  media_type: string;
  partner: string | null;
  specSheet?: string | null;
}): string | null => placement.specSheet ?? sheetOfPlacement(placement.media_type, placement.partner);
