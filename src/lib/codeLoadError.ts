/**
 * Whether an error says the page's code could not be fetched: the app's own chunk (AppLoadError) or
 * a lazy part of a page, in the words Chromium, Firefox and Safari use. Browsers remember a failed
 * module fetch for the page's life, so only loading the page again can fix it.
 */
export function isCodeLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'AppLoadError' ||
    /dynamically imported module|importing a module script failed|loading chunk/i.test(error.message)
  );
}
