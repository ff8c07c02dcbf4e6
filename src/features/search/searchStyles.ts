/** The header's search field, shared by the combobox and its stand-in so the swap is invisible. */
export const INLINE_FIELD =
  'h-11 w-full rounded-button border border-primary-100 bg-white pr-10 pl-9 text-[15px] font-semibold text-ink outline-none placeholder:font-medium placeholder:text-ink-muted focus:border-primary [&::-webkit-search-cancel-button]:hidden';
