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

/** A fetched file, or the sentence saying why it could not be had (the API client's FileAnswer). */
type FetchedFile = { ok: true; blob: Blob } | { ok: false; message: string };

/**
 * Fetches a file and hands it to the browser. Answers null, or the sentence to show when the file
 * could not be had: the server's refusal, or a thrown error's own sentence (the server not reached).
 */
export async function downloadFile(
  fetchIt: () => Promise<FetchedFile>,
  filename: string,
): Promise<string | null> {
  let answer: FetchedFile;
  try {
    answer = await fetchIt();
  } catch (error) {
    return error instanceof Error && error.message
      ? error.message
      : `${filename} could not be downloaded. Check your connection and try again.`;
  }
  if (!answer.ok) return answer.message || `${filename} could not be downloaded. Please try again.`;
  saveFile(answer.blob, filename);
  return null;
}
