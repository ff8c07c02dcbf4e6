import { createFileRoute } from '@tanstack/react-router';
import { JoinPage } from '../features/auth/JoinPage';
import { type RawSearch, text } from '../lib/searchParams';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const validateColleague = async (...args: Parameters<typeof import('../api/auth').validateColleague>) =>
  (await import('../api/auth')).validateColleague(...args);

/** A part of an e-mailed link; a missing one reads as empty and the API says the link is not valid. */
const linkPart = (value: unknown) => text(value, 100) ?? '';

export const Route = createFileRoute('/join')({
  validateSearch: (raw: RawSearch) => ({ uuid: linkPart(raw.uuid), coid: linkPart(raw.coid) }),
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => validateColleague(deps.uuid, deps.coid),
  component: Join,
});

function Join() {
  const { uuid, coid } = Route.useSearch();
  const invite = Route.useLoaderData();
  return <JoinPage uuid={uuid} coid={coid} invite={invite} />;
}
