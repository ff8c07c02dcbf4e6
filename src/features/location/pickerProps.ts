import type { PlaceChoice } from './usePlaceSuggestions';

/** What the zip-or-market picker takes: its stand-in and the combobox that replaces it share these. */
export interface ZipOrMarketPickerProps {
  /** The place already chosen, shown until the visitor types something else. */
  value?: PlaceChoice | null;
  onPick: (place: PlaceChoice) => void;
  submitLabel: string;
  size?: 'md' | 'lg';
  label?: string;
  /** Show the label above the field (filter bars); otherwise it is for screen readers only. */
  labelVisible?: boolean;
}

export const LABEL_CLASSES = 'text-xs font-bold tracking-wide text-ink-muted uppercase';
