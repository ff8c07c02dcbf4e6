import { useCallback } from 'react';
import type { HeldBytes } from '../../../../machines/files/proofViewer.machine';

/** The proof's bytes as the Blob the browser holds them in (the loader makes one), else none. */
export const blobOf = (bytes: HeldBytes | null): Blob | null => (bytes instanceof Blob ? bytes : null);

/**
 * A ref callback that shows a blob the browser holds in the image or video it is given, through an
 * object URL made for that element and let go with it (or when the blob changes); null without a blob.
 * The blob itself is read: nothing is copied into the page's memory.
 */
export function useBlobSource(
  blob: Blob | null,
  type: string,
): ((element: HTMLImageElement | HTMLVideoElement | null) => (() => void) | undefined) | null {
  const show = useCallback(
    (element: HTMLImageElement | HTMLVideoElement | null) => {
      if (!blob || !element) return;
      // Typed when the answer was not (a video needs its type to play); a Blob of a Blob copies nothing.
      const url = URL.createObjectURL(type && blob.type !== type ? new Blob([blob], { type }) : blob);
      element.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob, type],
  );
  return blob ? show : null;
}
