import { useEffect, useState } from 'react';
import type { HeldBytes } from '../../../../machines/files/proofViewer.machine';

/** The proof's bytes as the Blob the browser holds them in (the loader makes one), else none. */
export const blobOf = (bytes: HeldBytes | null): Blob | null => (bytes instanceof Blob ? bytes : null);

/**
 * A URL for a blob the browser holds (null: none wanted), let go when it changes or the view goes.
 * The blob itself is read: nothing is copied into the page's memory.
 */
export function useObjectUrl(blob: Blob | null, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    // Typed when the answer was not (a video needs its type to play); a Blob of a Blob copies nothing.
    const made = URL.createObjectURL(type && blob.type !== type ? new Blob([blob], { type }) : blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(null);
    };
  }, [blob, type]);
  return url;
}
