export function Spinner({ label, className = '' }: { label: string; className?: string }) {
  return (
    <span role="status" className={`inline-flex items-center gap-2 ${className}`}>
      <span
        aria-hidden="true"
        className="size-5 animate-spin rounded-full border-2 border-primary-200 border-t-primary motion-reduce:animate-none"
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}
