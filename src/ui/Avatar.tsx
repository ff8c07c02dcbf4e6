import { config } from '../config';

/** A picture the API serves (`/api/v1/avatars/…`) is on the API's host, which may not be the page's. */
const pictureUrl = (src: string) => (src.startsWith('/') ? `${config.apiHost}${src}` : src);

/** A person's picture, or their initials on the brand colour when they have none. */
export function Avatar({
  name,
  src,
  size = 'md',
}: {
  name: string;
  src?: string | null | undefined;
  size?: 'md' | 'lg';
}) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
  const box = size === 'lg' ? 'size-12 text-base' : 'size-9 text-sm';
  return src ? (
    <img src={pictureUrl(src)} alt="" className={`${box} shrink-0 rounded-full object-cover`} />
  ) : (
    // The initials are drawn by CSS, not written as text: they are decoration beside the name, and
    // as text they would be part of what a button holding them visibly says (WCAG 2.5.3, label in name).
    <span
      aria-hidden="true"
      data-initials={initials || '?'}
      className={`${box} inline-flex shrink-0 items-center justify-center rounded-full bg-primary font-bold text-white before:content-[attr(data-initials)]`}
    />
  );
}
