import { X } from 'lucide-react';

/** The × that closes a drawer or dialog: a 44 px target, named for what it closes. */
export function CloseButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex size-11 shrink-0 items-center justify-center rounded-xl text-ink-soft hover:bg-primary-50"
      aria-label={label}
    >
      <X aria-hidden="true" className="size-6" />
    </button>
  );
}
