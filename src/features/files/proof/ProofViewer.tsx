import { useSelector } from '@xstate/react';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import type { ProofSource } from '../../../../machines/files/proofViewer.machine';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { Spinner } from '../../../ui/Spinner';
import { ProofDownload } from './ProofDownload';
import { ProofLegend } from './ProofLegend';
import { ProofStage, type ProofViewerActor } from './ProofStage';
import { ProofToolbar } from './ProofToolbar';
import { openPdf } from './pdfjs';
import { numberedPlaces, printOf, proofBoxes } from './proofBoxes';
import { type ProofKind, type ProofPin, type ProofPoint, proofKindOf } from './proofKind';
import { blobOf, useBlobSource } from './useBlobSource';

export interface ProofViewerProps {
  actor: ProofViewerActor;
  /** Comments' pinned points, drawn as numbered markers on their page (numbered in this order). */
  pins?: readonly ProofPin[];
  /** While true, a click or Enter on the proof gives `onPickPoint` the point (fractions of the page). */
  picking?: boolean;
  onPickPoint?: (point: ProofPoint) => void;
  /** Escape while picking. */
  onCancelPick?: () => void;
}

/** The PDF opened from its bytes; the machine hears its page count, or that it could not be opened. */
function usePdf(actor: ProofViewerActor, source: ProofSource, kind: ProofKind) {
  const [doc, setDoc] = useState<PDFDocumentProxy | null>(null);
  useEffect(() => {
    if (kind !== 'pdf') return;
    let gone = false;
    let opened: PDFDocumentProxy | null = null;
    // The buffer is made only now, handed to pdf.js's worker, and not kept here.
    source.blob
      .arrayBuffer()
      .then(openPdf)
      .then(
        (pdf) => {
          opened = pdf;
          if (gone) return void pdf.destroy();
          setDoc(pdf);
          actor.send({ type: 'proof.loaded', pages: pdf.numPages });
        },
        () => {
          if (!gone)
            actor.send({
              type: 'proof.renderFailed',
              message: 'This PDF could not be opened here: download it to look at it.',
            });
        },
      );
    return () => {
      gone = true;
      setDoc(null);
      void opened?.destroy();
    };
  }, [actor, source, kind]);
  return doc;
}

/** What a video's checks found about it (codec, length, frame size...): shown even when it cannot play. */
function VideoFacts({ source }: { source: ProofSource }) {
  return (
    <dl aria-label="Checked facts" className="grid gap-1 text-sm tb:grid-cols-[max-content_1fr] tb:gap-x-4">
      {source.file.checks.map((check) => (
        <div key={check.name} className="contents">
          <dt className="font-semibold text-ink">
            {check.name.charAt(0).toUpperCase() + check.name.slice(1)}
          </dt>
          <dd className="text-ink-soft">{check.message}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A video and what its checks found about it (codec, length, frame size...). */
function VideoProof({ actor, source }: { actor: ProofViewerActor; source: ProofSource }) {
  const showVideo = useBlobSource(blobOf(source.blob), source.type || 'video/mp4');
  return (
    <div className="grid gap-3">
      {showVideo ? (
        // biome-ignore lint/a11y/useMediaCaption: an ad's video is checked as sent; its captions are the advertiser's.
        <video
          controls
          // iOS Safari preloads nothing by default: without this the proof would wait for ever.
          preload="metadata"
          ref={showVideo}
          aria-label={`Video: ${source.file.name}`}
          className="w-full rounded-2xl bg-ink"
          onLoadedMetadata={() => actor.send({ type: 'proof.loaded', pages: 1 })}
          onError={() =>
            actor.send({
              type: 'proof.renderFailed',
              message: 'This video cannot play in your browser: download it to watch it.',
            })
          }
        />
      ) : null}
      <VideoFacts source={source} />
    </div>
  );
}

/** An e-mail in a frame that runs none of its scripts and reaches nothing of ours; drawn once it loaded. */
function EmailProof({ actor, source }: { actor: ProofViewerActor; source: ProofSource }) {
  return (
    <iframe
      title={`E-mail: ${source.file.name}`}
      sandbox=""
      srcDoc={source.html ?? ''}
      onLoad={() => actor.send({ type: 'proof.loaded', pages: 1 })}
      className="h-[70vh] w-full rounded-2xl border border-primary-100 bg-white"
    />
  );
}

/** A PDF's pages or an image, zoomable and pannable, with the print boxes and the failed checks' marks. */
function PageProof({
  actor,
  source,
  kind,
  pins,
  picking,
  onPickPoint,
  onCancelPick,
}: {
  actor: ProofViewerActor;
  source: ProofSource;
  kind: 'pdf' | 'image';
} & Omit<ProofViewerProps, 'actor'>) {
  const doc = usePdf(actor, source, kind);
  // A PDF is drawn by pdf.js: only an image needs a URL.
  const showImage = useBlobSource(kind === 'image' ? blobOf(source.blob) : null, source.type);
  const page = useSelector(actor, (s) => s.context.page);
  const [showBoxes, setShowBoxes] = useState(true);
  const [aspect, setAspect] = useState(0);
  const onAspect = useCallback((value: number) => setAspect(value), []);
  const file = source.file;
  const boxes = useMemo(() => proofBoxes(file.sheet.slug, aspect), [file.sheet.slug, aspect]);
  const marks = useMemo(() => numberedPlaces(file.checks), [file.checks]);
  const instructions = useId();
  const described = useId();
  const print = printOf(file.sheet.slug) !== null;
  return (
    <div className="grid gap-3">
      <ProofToolbar actor={actor} zoomable />
      <p id={instructions} className="text-sm text-ink-muted">
        Drag the page or use the arrow keys to move it; + and − zoom (or Ctrl or ⌘ with the wheel), 0 fits it
        {kind === 'pdf' ? ', Page Up and Page Down turn pages' : ''}
        {picking ? '; click a point, or press Enter for the point under the ring, to pin it' : ''}.
      </p>
      <ProofStage
        actor={actor}
        name={file.name}
        instructionsId={print && boxes ? `${instructions} ${described}` : instructions}
        page={page}
        doc={doc}
        showImage={kind === 'image' ? showImage : null}
        boxes={boxes}
        showBoxes={showBoxes}
        marks={marks}
        pins={pins ?? []}
        picking={picking ?? false}
        onPickPoint={onPickPoint}
        onCancelPick={onCancelPick}
        onAspect={onAspect}
      />
      <ProofLegend
        id={described}
        boxes={boxes}
        showBoxes={showBoxes}
        onShowBoxes={setShowBoxes}
        marked={marks.length > 0}
      />
    </div>
  );
}

/**
 * The proof viewer (issue 33): the file shown large once loaded: a PDF page by page, an image, a
 * video with its checked facts or an e-mail; a failure says why, with "Try again".
 */
export function ProofViewer({ actor, pins, picking, onPickPoint, onCancelPick }: ProofViewerProps) {
  const source = useSelector(actor, (s) => s.context.source);
  const failed = useSelector(actor, (s) => s.matches('failed'));
  const drawing = useSelector(actor, (s) => s.matches('loading'));
  const error = useSelector(actor, (s) => s.context.error);
  const attempt = useSelector(actor, (s) => s.context.attempt);
  if (failed)
    // Drawn and refused (the bytes came), the file is offered for download: trying again would only
    // fetch the same bytes. A video keeps its checked facts.
    return (
      <div className="grid gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert tone="error">{error}</FormAlert>
          {source ? (
            <ProofDownload file={source.file} />
          ) : (
            <Button variant="secondary" onClick={() => actor.send({ type: 'proof.retry' })}>
              Try again
            </Button>
          )}
        </div>
        {source && proofKindOf(source.file.format) === 'video' ? <VideoFacts source={source} /> : null}
      </div>
    );
  if (!source) return <Spinner label="Loading the file" />;
  const kind = proofKindOf(source.file.format);
  return (
    <div className="grid gap-3" aria-busy={drawing}>
      {drawing ? <Spinner label="Drawing the file" /> : null}
      {kind === 'video' ? (
        <VideoProof key={attempt} actor={actor} source={source} />
      ) : kind === 'email' ? (
        <EmailProof key={attempt} actor={actor} source={source} />
      ) : (
        <PageProof
          key={attempt}
          actor={actor}
          source={source}
          kind={kind}
          pins={pins}
          picking={picking}
          onPickPoint={onPickPoint}
          onCancelPick={onCancelPick}
        />
      )}
    </div>
  );
}
