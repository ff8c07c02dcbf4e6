import { type ReactNode, useState } from 'react';
import { downloadFile } from '../lib/saveFile';

/**
 * A button that fetches a file (a link could not carry the sign-in) and hands it to the browser; when
 * the file could not be had, the sentence why is said beside it. While it downloads the button is busy
 * (pressed again it would fetch the whole file a second time), saying `busyLabel` when given.
 */
export function DownloadButton({
  fetchFile,
  filename,
  className,
  children,
  busyLabel,
}: {
  fetchFile: () => Promise<{ ok: true; blob: Blob } | { ok: false; message: string }>;
  filename: string;
  className: string;
  children: ReactNode;
  /** What the button says while the file downloads ("Preparing the zip…"). */
  busyLabel?: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <button
        type="button"
        className={className}
        disabled={busy}
        aria-busy={busy}
        onClick={() => {
          if (busy) return;
          setProblem(null);
          setBusy(true);
          void downloadFile(fetchFile, filename)
            .then(setProblem)
            .finally(() => setBusy(false));
        }}
      >
        {busy && busyLabel ? busyLabel : children}
      </button>
      {problem ? (
        <span role="alert" className="block text-sm font-semibold text-coral-700">
          {problem}
        </span>
      ) : null}
    </>
  );
}
