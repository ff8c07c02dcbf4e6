import { createFileRoute } from '@tanstack/react-router';
import { HomePage } from '../features/home/HomePage';
import { uiCalls } from '../system/uiCalls';

export const Route = createFileRoute('/')({
  // The count is decoration: when it fails the page says "trusted by local businesses" instead.
  loader: () => ({ totalCompanies: uiCalls.fetchTotalCompanies().catch(() => null) }),
  component: Home,
});

function Home() {
  const { totalCompanies } = Route.useLoaderData();
  return <HomePage totalCompanies={totalCompanies} />;
}
