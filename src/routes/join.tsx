import { createFileRoute } from '@tanstack/react-router';
import { validateColleague } from '../api/auth';
import { JoinPage } from '../features/auth/JoinPage';
import { type RawSearch, text } from '../lib/searchParams';

/** A part of an e-mailed link; a missing one reads as empty and the API says the link is not valid. */
const linkPart = (value: unknown) => text(value, 100) ?? '';

export const Route = createFileRoute('/join')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
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
