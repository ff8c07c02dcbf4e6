import { createFileRoute, notFound, redirect } from '@tanstack/react-router';
import { AbdmPanel } from '../../../features/abdm/AbdmPanel';
import { ShopPage } from '../../../features/shop/ShopPage';
import { findSection } from '../../../features/shop/sections';
import { loadShopResults, rememberShopSearch, syncShopSearch } from '../../../features/shop/shopRoute';
import { parseShopSearch, type ShopUrlSearch } from '../../../lib/shopSearch';

export const Route = createFileRoute('/shop/$section/')({
  validateSearch: parseShopSearch,
  beforeLoad: ({ params, search, preload }) => {
    const section = findSection(params.section);
    if (!section) throw notFound();
    const stored = syncShopSearch(search, false, preload);
    if (stored) throw redirect({ to: '/shop/$section', params, search: stored, replace: true });
    return { section };
  },
  loaderDeps: ({ search }) => ({ ...search, type: undefined }),
  loader: ({ deps, context }) => ({ results: loadShopResults(deps, context.section.mediaTypes) }),
  component: ShopSectionPage,
});

function ShopSectionPage() {
  const search = Route.useSearch();
  const { section } = Route.useRouteContext();
  const { results } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const change = (next: ShopUrlSearch) => {
    rememberShopSearch(next, false);
    void navigate({ search: { ...next, type: undefined } });
  };
  return (
    <ShopPage
      title={section.title}
      intro={section.intro}
      channel={section.channel}
      chooseType={false}
      search={search}
      results={results}
      onChange={change}
      extra={
        section.slug === 'direct-mail' ? <AbdmPanel key={search.zip ?? ''} zip={search.zip ?? ''} /> : null
      }
    />
  );
}
