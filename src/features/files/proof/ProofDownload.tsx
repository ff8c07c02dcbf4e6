import { Download } from 'lucide-react';
import type { AdFile } from '../../../../contract/adFiles';
import { callFile } from '../../../api/client';
import { DownloadButton } from '../../../ui/DownloadButton';

/**
 * "Download" on the file's page (found by review): a file the browser cannot show (a HEVC video, a TIFF
 * with no preview, a PDF pdf.js refuses) is still the customer's to look at in their own software.
 */
export function ProofDownload({ file }: { file: Pick<AdFile, 'id' | 'name'> }) {
  return (
    <span className="inline-flex flex-col gap-1">
      <DownloadButton
        fetchFile={() => callFile(`/files/${encodeURIComponent(file.id)}/download`, {}, file.name)}
        filename={file.name}
        className="inline-flex h-10 items-center justify-center gap-2 rounded-button border border-primary-200 bg-white px-4 text-sm font-semibold text-primary-700 hover:border-primary-400 hover:bg-primary-50 disabled:cursor-wait disabled:opacity-70"
        busyLabel="Downloading…"
      >
        <Download aria-hidden="true" className="size-4" />
        Download<span className="sr-only"> {file.name}</span>
      </DownloadButton>
    </span>
  );
}
