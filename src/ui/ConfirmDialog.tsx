import { Dialog, DialogPanel, DialogTitle } from '@headlessui/react';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './Button';

/**
 * "Are you sure?" before something that cannot be undone, or that may be a mistake. Escape, a click
 * outside or the safe choice closes it; the focus starts on the safe choice.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  dismissLabel,
  confirmVariant = 'danger',
  onConfirm,
  onDismiss,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  dismissLabel: string;
  /** Danger for what cannot be undone; primary for what only might be a mistake (adding a thing twice). */
  confirmVariant?: 'danger' | 'primary';
  onConfirm(): void;
  onDismiss(): void;
}) {
  return (
    <Dialog open={open} onClose={onDismiss} className="fixed inset-0 z-dialog">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40 backdrop-blur-[2px]" />
      <div className="fixed inset-0 flex items-end justify-center p-4 tb:items-center">
        <DialogPanel className="w-full max-w-md rounded-3xl bg-white p-6 shadow-2xl">
          <div className="flex items-start gap-3">
            <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-warm text-coral-700">
              <TriangleAlert aria-hidden="true" className="size-5" />
            </span>
            <div>
              <DialogTitle className="text-lg font-bold text-ink">{title}</DialogTitle>
              <div className="mt-2 text-ink-soft">{children}</div>
            </div>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-2 tb:flex-row tb:justify-end">
            <Button variant="secondary" onClick={onDismiss} data-autofocus>
              {dismissLabel}
            </Button>
            <Button variant={confirmVariant} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
