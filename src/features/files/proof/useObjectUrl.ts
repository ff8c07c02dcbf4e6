import { useEffect, useState } from 'react';

/** A URL for bytes held in memory, let go when they change or the view goes. */
export function useObjectUrl(bytes: ArrayBuffer, type: string): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const made = URL.createObjectURL(new Blob([bytes], { type }));
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [bytes, type]);
  return url;
}
