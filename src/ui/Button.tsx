import type { ButtonHTMLAttributes, Ref } from 'react';
import { SiteLink, type SiteLinkProps } from './SiteLink';

type Variant = 'primary' | 'secondary' | 'ghost' | 'accent' | 'danger';
type Size = 'md' | 'lg';

const base =
  'inline-flex min-w-button items-center justify-center gap-2 rounded-button font-semibold transition-colors ' +
  'disabled:cursor-not-allowed disabled:opacity-50 aria-disabled:cursor-not-allowed aria-disabled:opacity-50 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2';

const variants: Record<Variant, string> = {
  primary: 'bg-primary text-white hover:bg-primary-700 focus-visible:outline-primary-500',
  secondary:
    'border border-primary-200 bg-white text-primary-700 hover:border-primary-400 hover:bg-primary-50',
  ghost: 'text-primary-700 hover:bg-primary-50',
  accent: 'bg-sunshine text-ink hover:bg-sunshine-400',
  /** For what cannot be undone (cancelling an order): coral-700 keeps white text above 4.5:1. */
  danger: 'bg-coral-700 text-white hover:brightness-90 focus-visible:outline-coral-700',
};

const sizes: Record<Size, string> = { md: 'h-10 px-4 text-sm', lg: 'h-12 px-6 text-base' };

export const buttonClasses = (variant: Variant = 'primary', size: Size = 'md', extra = '') =>
  `${base} ${variants[variant]} ${sizes[size]} ${extra}`.trim();

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: Variant;
  size?: Size;
  ref?: Ref<HTMLButtonElement>;
  /**
   * Looks and reads as disabled (aria-disabled) and ignores clicks, but keeps the keyboard focus,
   * which the `disabled` attribute would drop: for a button that waits while its own work runs.
   */
  inactive?: boolean;
}

export function Button({
  variant,
  size,
  className = '',
  type = 'button',
  inactive = false,
  onClick,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClasses(variant, size, className)}
      aria-disabled={inactive || undefined}
      onClick={inactive ? undefined : onClick}
      {...rest}
    />
  );
}

export interface ButtonLinkProps extends SiteLinkProps {
  variant?: Variant;
  size?: Size;
}

export function ButtonLink({ variant, size, className = '', ...rest }: ButtonLinkProps) {
  return <SiteLink className={buttonClasses(variant, size, className)} {...rest} />;
}
