import { createFileRoute, Link, Outlet } from '@tanstack/react-router';

// Stand-in until part 1's back-office shell (AdminShell, the staff guard) lands; the merge keeps
// part 1's file.

export const Route = createFileRoute('/admin/_staff')({
  component: () => (
    <div className="mx-auto grid max-w-6xl gap-6 p-4">
      <nav aria-label="Back office" className="flex gap-4">
        <Link to="/admin/orders" className="font-semibold text-primary-700 underline">
          Orders
        </Link>
      </nav>
      <main id="main">
        <Outlet />
      </main>
    </div>
  ),
});
