/** The colours of the offline basemap (the palette of tailwind.config.ts: mint, cream, purple). */
export const BASEMAP_COLORS = {
  water: '#dcf5ea',
  land: '#fff8ec',
  border: '#d3c4ff',
} as const;
