import { createFileRoute, Outlet } from '@tanstack/react-router';

// Stand-in of part 1's back-office layout (issue 31, part 4 needed a parent for /admin/files): no
// guard and no navigation here. The merge keeps part 1's.
export const Route = createFileRoute('/admin/_staff')({
  component: () => (
    <main className="mx-auto w-full max-w-6xl p-4">
      <Outlet />
    </main>
  ),
});
