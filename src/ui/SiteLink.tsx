import { useRouter } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';

export interface SiteLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  ref?: Ref<HTMLAnchorElement>;
}

const isInternal = (href: string) =>
  href.startsWith('/') && !href.startsWith('//') && !/\.pdf(#|$)/i.test(href);

/**
 * A real `<a href>` for any path of the site, including paths given as data (navigation tables,
 * footers) and paths with a query string. Plain left clicks navigate inside the app without a
 * reload; modified clicks, new tabs and files behave as a browser's link always does.
 */
export function SiteLink({ href, onClick, target, ref, ...rest }: SiteLinkProps) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey ||
      (target && target !== '_self') ||
      !isInternal(href)
    ) {
      return;
    }
    event.preventDefault();
    router.history.push(href);
  };
  return <a ref={ref} href={href} target={target} onClick={handleClick} {...rest} />;
}
