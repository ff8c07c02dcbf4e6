import { createFileRoute } from '@tanstack/react-router';
import { fetchTotalCompanies } from '../api/ui';
import { HomePage } from '../features/home/HomePage';

export const Route = createFileRoute('/')({
  // The count is decoration: when it fails the page says "trusted by local businesses" instead.
  loader: () => ({ totalCompanies: fetchTotalCompanies().catch(() => null) }),
  component: Home,
});

function Home() {
  const { totalCompanies } = Route.useLoaderData();
  return <HomePage totalCompanies={totalCompanies} />;
}
