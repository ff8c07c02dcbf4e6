import { config } from '../config';

/** The Adlane mark: a lane-marker "A" in the primary purple with a sunshine dot. */
export function Logo({ className = '', inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <span className={`inline-flex items-center gap-2 ${className}`}>
      <svg viewBox="0 0 32 32" aria-hidden="true" className="size-8 shrink-0">
        <rect width="32" height="32" rx="9" className={inverted ? 'fill-white' : 'fill-primary'} />
        <path
          d="M9 24 15 8h2l6 16h-3.4l-1.4-4h-4.4l-1.4 4Zm5.8-7h2.4L16 13.4Z"
          className={inverted ? 'fill-primary' : 'fill-white'}
        />
        <circle cx="24.5" cy="8.5" r="3" className="fill-sunshine" />
      </svg>
      <span
        className={`font-display text-2xl font-bold tracking-tight ${inverted ? 'text-white' : 'text-primary-900'}`}
      >
        {config.productName}
      </span>
    </span>
  );
}
