import { ChevronLeft, ChevronRight } from 'lucide-react';
import { SiteLink } from './SiteLink';

/** Previous and Next links of a list's pages (orders, invoices), with where the page sits; none for one page. */
export function Pager({
  page,
  pages,
  hrefOf,
}: {
  page: number;
  pages: number;
  hrefOf(page: number): string;
}) {
  if (pages <= 1) return null;
  const link =
    'inline-flex h-10 items-center gap-1 rounded-button px-3 font-semibold text-primary-700 hover:bg-primary-50';
  return (
    <nav
      aria-label="Pages"
      className="mt-4 flex items-center justify-between gap-2 border-t border-primary-50 pt-4"
    >
      {page > 1 ? (
        <SiteLink href={hrefOf(page - 1)} className={link}>
          <ChevronLeft aria-hidden="true" className="size-4" /> Previous
        </SiteLink>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-muted">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <SiteLink href={hrefOf(page + 1)} className={link}>
          Next <ChevronRight aria-hidden="true" className="size-4" />
        </SiteLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
