import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import { CommentThread } from './CommentThread';

/**
 * A library card's "Comments (n)" disclosure: the file's thread, loaded when first opened and kept. `count` is
 * the file's own count when the list carries it; the thread's count replaces it once loaded.
 */
export function FileComments({ fileId, name, count }: { fileId: string; name: string; count?: number }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  // Once opened the thread stays (hidden when closed): closing the disclosure keeps a draft.
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState<number | null>(null);
  const shown = loaded ?? count;
  return (
    <div className="grid gap-2">
      <div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => {
            setOpen((was) => !was);
            setOpened(true);
          }}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary-700 underline"
        >
          Comments{shown === undefined ? '' : ` (${shown})`}
          <span className="sr-only"> on {name}</span>
          <ChevronDown
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </div>
      <div id={id} hidden={!open}>
        {opened ? <CommentThread source={{ file: fileId }} onCount={setLoaded} /> : null}
      </div>
    </div>
  );
}
