import { SiteLink } from './SiteLink';

export interface Crumb {
  label: string;
  href: string;
}

/** Where a page sits: links to the pages above it, then the page itself. */
export function Breadcrumb({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-sm text-ink-muted">
      <ol className="flex flex-wrap items-center gap-1">
        {trail.map((crumb) => (
          <li key={crumb.href}>
            <SiteLink href={crumb.href} className="hover:underline">
              {crumb.label}
            </SiteLink>{' '}
            /
          </li>
        ))}
        <li aria-current="page" className="font-semibold text-ink-soft">
          {current}
        </li>
      </ol>
    </nav>
  );
}
