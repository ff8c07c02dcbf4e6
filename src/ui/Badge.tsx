export interface BadgeProps {
  count: number;
  /** Read by screen readers after the number, e.g. "items in your cart". */
  label: string;
  className?: string;
}

/** A 28 × 26 px count bubble; shows nothing when the count is zero (SPEC section 9). */
export function Badge({ count, label, className = '' }: BadgeProps) {
  if (count <= 0) return null;
  return (
    <span
      className={`inline-flex h-badge w-badge items-center justify-center rounded-full bg-sunshine text-xs font-bold text-ink ${className}`}
    >
      {count > 99 ? '99+' : count}
      <span className="sr-only"> {label}</span>
    </span>
  );
}
