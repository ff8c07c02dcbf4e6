import { type ReactNode, useState } from 'react';
import { downloadFile } from '../lib/saveFile';

/**
 * A button that fetches a file (a link could not carry the sign-in) and hands it to the browser; when
 * the file could not be had, the sentence why is said beside it.
 */
export function DownloadButton({
  fetchFile,
  filename,
  className,
  children,
}: {
  fetchFile: () => Promise<{ ok: true; blob: Blob } | { ok: false; message: string }>;
  filename: string;
  className: string;
  children: ReactNode;
}) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => {
          setProblem(null);
          void downloadFile(fetchFile, filename).then(setProblem);
        }}
      >
        {children}
      </button>
      {problem ? (
        <span role="alert" className="block text-sm font-semibold text-coral-700">
          {problem}
        </span>
      ) : null}
    </>
  );
}
