/**
 * The back office's own folders (issue 31): the build names their lazy chunks apart and `npm run
 * size -- --check` fails when any of their sources reaches the storefront's first route. One list, so
 * a folder added for the back office is covered by both.
 */
export const BACK_OFFICE_FOLDERS = [
  'src/features/admin',
  'src/system/admin',
  'src/api/admin',
  'machines/admin',
  'src/lib/adminSearch',
] as const;

/** A regular expression's alternatives for these folders, with either path separator. */
export const foldersPattern = (folders: readonly string[]): string =>
  folders.map((folder) => folder.split('/').join('[\\\\/]')).join('|');
