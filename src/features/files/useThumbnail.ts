import { useEffect, useState } from 'react';
import { callFile } from '../../api/client';

/**
 * A thumbnail's object URL: the API wants the bearer token, which an <img> cannot send, so the image
 * is fetched as a blob and shown from memory; released when the card goes.
 */
export function useThumbnail(path: string | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!path) return;
    let gone = false;
    let made: string | null = null;
    void callFile(path, {}, 'thumbnail.webp')
      .then((answer) => {
        if (gone || !answer.ok) return;
        made = URL.createObjectURL(answer.blob);
        setUrl(made);
      })
      .catch(() => {});
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  return url;
}
