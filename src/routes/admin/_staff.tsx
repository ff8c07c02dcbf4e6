import { createFileRoute, Outlet } from '@tanstack/react-router';
import { SiteLink } from '../../ui/SiteLink';

// Stand-in for part 1's back-office layout (issue 31): the merge keeps part 1's file, which adds the
// staff guard, sign-out and the session's end.

const LINKS = [
  ['/admin/orders', 'Orders'],
  ['/admin/files', 'Ad files'],
  ['/admin/placements', 'Placements'],
  ['/admin/audit', 'Audit log'],
  ['/admin/staff', 'Staff'],
] as const;

export const Route = createFileRoute('/admin/_staff')({
  component: function StaffLayout() {
    return (
      <div className="mx-auto grid max-w-7xl gap-6 px-4 py-6">
        <nav aria-label="Back office" className="flex flex-wrap gap-4 border-b border-primary-100 pb-3">
          {LINKS.map(([href, label]) => (
            <SiteLink key={href} href={href} className="font-semibold text-primary-700 hover:underline">
              {label}
            </SiteLink>
          ))}
        </nav>
        <Outlet />
      </div>
    );
  },
});
