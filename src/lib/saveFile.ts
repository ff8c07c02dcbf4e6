/**
 * Hands a file to the browser as a download (the CSV export): an object URL on a temporary link,
 * clicked, then released once the browser has taken it.
 */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked on a later task: Safari reads the URL after the click's task ends.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
