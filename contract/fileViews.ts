/**
 * The library's views, kept apart from contract/uploads.ts: the files route reads them in the first
 * bundle, which must not carry the upload limits and the spec sheets' requirements.
 */
/** What the library of /files shows: every file, those needing attention, or the approved ones. */
export const FILE_VIEWS = ['all', 'attention', 'approved'] as const;
