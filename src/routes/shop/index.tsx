import { createFileRoute, redirect } from '@tanstack/react-router';
import { ShopPage } from '../../features/shop/ShopPage';
import { loadShopResults, rememberShopSearch, syncShopSearch } from '../../features/shop/shopRoute';
import { parseShopSearch, type ShopUrlSearch } from '../../lib/shopSearch';

export const Route = createFileRoute('/shop/')({
  validateSearch: parseShopSearch,
  beforeLoad: ({ search, preload }) => {
    const stored = syncShopSearch(search, true, preload);
    if (stored) throw redirect({ to: '/shop', search: stored, replace: true });
  },
  loaderDeps: ({ search }) => search,
  loader: ({ deps }) => ({ results: loadShopResults(deps, null) }),
  component: ShopAll,
});

function ShopAll() {
  const search = Route.useSearch();
  const { results } = Route.useLoaderData();
  const navigate = Route.useNavigate();
  const change = (next: ShopUrlSearch) => {
    rememberShopSearch(next, true);
    void navigate({ search: next });
  };
  return (
    <ShopPage
      title="Shop all media"
      intro="Every placement in one place: magazines, TV, streaming, screens, online, mail and e-mail. Start with a zip code."
      channel={null}
      chooseType
      search={search}
      results={results}
      onChange={change}
    />
  );
}
