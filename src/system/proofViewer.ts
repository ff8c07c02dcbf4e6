import { fromPromise } from 'xstate';
import { type ProofSource, proofViewerMachine } from '../../machines/files/proofViewer.machine';
import { callFile } from '../api/client';
import { fileCalls } from './fileCalls';

const { fetchFile } = fileCalls;

/** Formats a browser draws itself; a TIFF is shown from its thumbnail. */
const DRAWN = new Set(['pdf', 'jpeg', 'png', 'gif', 'webp', 'mp4', 'mov', 'html']);

/** The file's bytes, or its thumbnail's when the browser cannot draw the file (TIFF). */
async function proofBytes(file: Awaited<ReturnType<typeof fetchFile>>): Promise<Blob> {
  const thumbnail = file.thumbnail_url?.replace(/^\/api\/v1/, '') ?? null;
  const path =
    DRAWN.has(file.format ?? '') || !thumbnail ? `/files/${encodeURIComponent(file.id)}/download` : thumbnail;
  const answer = await callFile(path, {}, file.name);
  if (!answer.ok) throw new Error(answer.message || 'The file could not be read. Please try again.');
  return answer.blob;
}

/** The proof viewer of /files/$id: GET /files/{id}, then its bytes (an e-mail's as text too). */
export function proofViewerLogic(
  api: { fetchFile: typeof fetchFile; bytesOf: typeof proofBytes } = {
    fetchFile,
    bytesOf: proofBytes,
  },
) {
  return proofViewerMachine.provide({
    actors: {
      loadProof: fromPromise(async ({ input }: { input: { id: string } }): Promise<ProofSource> => {
        const file = await api.fetchFile(input.id);
        const blob = await api.bytesOf(file);
        return {
          file,
          blob,
          type: blob.type,
          html: file.format === 'html' ? await blob.text() : null,
        };
      }),
    },
  });
}
