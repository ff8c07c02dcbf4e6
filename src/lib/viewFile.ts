/**
 * Opens a file fetched with the stored token in a new tab (a link could not send the token). The tab
 * is opened at the click, before the file arrives, so no pop-up blocker stops it; it is closed again
 * when the file cannot be had.
 */
export async function viewFile(fetchFile: () => Promise<Blob | null>): Promise<boolean> {
  const tab = window.open('', '_blank');
  const blob = await fetchFile();
  if (!blob) {
    tab?.close();
    return false;
  }
  const url = URL.createObjectURL(blob);
  if (tab) tab.location.href = url;
  else window.location.assign(url);
  // The tab keeps the document it loaded; the URL is released after a minute.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return true;
}
