import { useSelector } from '@xstate/react';
import { ChevronLeft, ChevronRight, Maximize, Minus, Plus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ZOOM_MAX, ZOOM_MIN } from '../../../../machines/files/proofViewer.machine';
import type { ProofViewerActor } from './ProofStage';

function ToolButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick(): void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      onClick={onClick}
      disabled={disabled}
      className="inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-button border border-primary-200 bg-white px-2 text-sm font-semibold text-primary-800 hover:bg-primary-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-500 disabled:cursor-not-allowed disabled:opacity-50"
    >
      {children}
    </button>
  );
}

/** The zoom as a share of the file's own size (100 % is one pixel of the file per pixel). */
export const zoomPercent = (zoom: number, actual: number) => Math.round((zoom / actual) * 100);

/**
 * Page turning (a PDF of several pages) and zoom: every control a labelled button; the page and the
 * zoom are read out politely when they change.
 */
export function ProofToolbar({ actor, zoomable }: { actor: ProofViewerActor; zoomable: boolean }) {
  const page = useSelector(actor, (s) => s.context.page);
  const pages = useSelector(actor, (s) => s.context.pages);
  const zoom = useSelector(actor, (s) => s.context.zoom);
  const actual = useSelector(actor, (s) => s.context.actual);
  const percent = zoomPercent(zoom, actual);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <ToolButton
            label="Previous page"
            onClick={() => actor.send({ type: 'page.previous' })}
            disabled={page <= 1}
          >
            <ChevronLeft aria-hidden="true" className="size-4" />
            <span className="hidden sm:inline">Previous</span>
          </ToolButton>
          <span className="text-sm font-semibold whitespace-nowrap text-ink">
            Page {page} of {pages}
          </span>
          <ToolButton
            label="Next page"
            onClick={() => actor.send({ type: 'page.next' })}
            disabled={page >= pages}
          >
            <span className="hidden sm:inline">Next</span>
            <ChevronRight aria-hidden="true" className="size-4" />
          </ToolButton>
        </div>
      ) : null}
      {zoomable ? (
        <div className="flex flex-wrap items-center gap-2">
          <ToolButton
            label="Zoom out"
            onClick={() => actor.send({ type: 'zoom.out' })}
            disabled={zoom <= ZOOM_MIN}
          >
            <Minus aria-hidden="true" className="size-4" />
          </ToolButton>
          <span className="min-w-14 text-center text-sm font-semibold text-ink">{percent} %</span>
          <ToolButton
            label="Zoom in"
            onClick={() => actor.send({ type: 'zoom.in' })}
            disabled={zoom >= ZOOM_MAX}
          >
            <Plus aria-hidden="true" className="size-4" />
          </ToolButton>
          <ToolButton label="Fit to the proof" onClick={() => actor.send({ type: 'zoom.fit' })}>
            <Maximize aria-hidden="true" className="size-4" />
            Fit
          </ToolButton>
          <ToolButton label="Actual size, 100 %" onClick={() => actor.send({ type: 'zoom.actual' })}>
            100 %
          </ToolButton>
        </div>
      ) : null}
      <p aria-live="polite" className="sr-only">
        {pages > 1 ? `Page ${page} of ${pages}. ` : ''}
        {zoomable ? `Zoom ${percent} %.` : ''}
      </p>
    </div>
  );
}
