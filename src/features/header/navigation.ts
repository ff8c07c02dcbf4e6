import { designHelpPath } from '../../../contract/contentPages';
import { config } from '../../config';

export interface NavLink {
  label: string;
  href: string;
}

export type NavItem =
  | ({ kind: 'link' } & NavLink)
  | { kind: 'group'; label: string; items: NavLink[]; flatOnMobile?: boolean }
  | { kind: 'divider'; id: string };

/**
 * The header navigation of SPEC section 2, label for label and path for path, except Email: it goes to
 * the e-mail placements like every other channel (issue 28); its spec sheet is one of the Specs.
 */
export const NAVIGATION: readonly NavItem[] = [
  { kind: 'link', label: 'Magazines', href: '/shop/magazines' },
  { kind: 'link', label: 'Online', href: '/shop/websites' },
  {
    kind: 'group',
    label: 'TV',
    items: [
      { label: 'Linear TV', href: '/shop/tv' },
      { label: 'CTV', href: '/shop/ctv' },
    ],
  },
  { kind: 'link', label: 'Out of Home', href: '/shop/out-of-home' },
  {
    kind: 'group',
    label: 'Direct Mail',
    items: [
      { label: 'Every Door Direct Mail', href: '/ads/direct-mail/?m=eddm' },
      { label: 'Audience Based Direct Mail', href: '/shop/direct-mail' },
      { label: 'Daily Mailers', href: '/specs/direct-mail-daily-mailers' },
      { label: 'Website to Mailbox', href: '/specs/website-to-mailbox' },
    ],
  },
  { kind: 'link', label: 'Email', href: '/shop/email' },
  { kind: 'divider', id: 'before-resources' },
  {
    kind: 'group',
    label: 'Resources',
    flatOnMobile: true,
    items: [
      { label: 'Specs', href: '/specs' },
      { label: 'Resource Hub', href: '/info/resources' },
      { label: 'Design help', href: designHelpPath(config.productName) },
    ],
  },
];

/** True when a link's path is the current page (its query string, if any, must match too). */
export function isCurrent(href: string, location: { pathname: string; searchStr: string }): boolean {
  const [path = '', query] = href.split('?');
  const normalise = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);
  if (normalise(path) !== normalise(location.pathname)) return false;
  return (
    !query ||
    new URLSearchParams(location.searchStr).toString().includes(new URLSearchParams(query).toString())
  );
}
