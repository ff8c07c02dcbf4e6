import type { PlaceChoice } from '../../../machines/places/placeSuggestions.machine';

/** What the zip-or-market picker takes: its stand-in and the combobox that replaces it share these. */
export interface ZipOrMarketPickerProps {
  /** The place already chosen, shown until the visitor types something else. */
  value?: PlaceChoice | null;
  /**
   * Without a value, preselect the signed-in customer's first preferred market (the home page). It
   * is looked up by the combobox, not its stand-in: nobody is known before the app has loaded.
   */
  preferredMarket?: boolean;
  onPick: (place: PlaceChoice) => void;
  submitLabel: string;
  size?: 'md' | 'lg';
  label?: string;
  /** Show the label above the field (filter bars); otherwise it is for screen readers only. */
  labelVisible?: boolean;
}

/** Short enough to show whole in the field on a 320 px phone: a longer one was cut to "…60601 or Ch". */
export const PICKER_PLACEHOLDER = 'Zip or city, e.g. 60601';

export const LABEL_CLASSES = 'text-xs font-bold tracking-wide text-ink-muted uppercase';
