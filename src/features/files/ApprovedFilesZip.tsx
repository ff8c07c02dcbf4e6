import { FileArchive } from 'lucide-react';
import { approvedFilesZipName, downloadApprovedFiles } from '../../api/files';
import { DownloadButton } from '../../ui/DownloadButton';

/**
 * "Download approved files (.zip)": the approved file of each run of an order in one archive, with
 * runs.txt saying which file serves which run (issue 33). A button, as a link could not carry the
 * sign-in; when there is nothing to download, the server's sentence is said beside it.
 */
export function ApprovedFilesZip({ number }: { number: string }) {
  return (
    <span className="inline-flex flex-col gap-1">
      <DownloadButton
        fetchFile={() => downloadApprovedFiles(number)}
        filename={approvedFilesZipName(number)}
        className="inline-flex items-center gap-2 self-start font-semibold text-primary-700 underline disabled:cursor-wait disabled:opacity-70"
        busyLabel={
          <>
            <FileArchive aria-hidden="true" className="size-4" />
            Preparing the zip…
          </>
        }
      >
        <FileArchive aria-hidden="true" className="size-4" />
        Download approved files (.zip)
      </DownloadButton>
    </span>
  );
}
