import { createFileRoute, notFound } from '@tanstack/react-router';
import { config } from '../../config';
import { ContentPending } from '../../features/content/ContentPending';
import { DesignHelpPage } from '../../features/content/DesignHelpPage';

// The API module loads with the page that needs it, not in the first script (the loader is there).
const fetchDesignHelp = async (...args: Parameters<typeof import('../../api/content').fetchDesignHelp>) =>
  (await import('../../api/content')).fetchDesignHelp(...args);

/** SPEC section 2's /info/ad-design-on-{product}/: the product is this build's brand. */
export const Route = createFileRoute('/info/ad-design-on-{$product}')({
  beforeLoad: ({ params }) => {
    if (params.product !== config.storagePrefix) throw notFound();
  },
  loader: () => fetchDesignHelp(),
  pendingComponent: ContentPending,
  component: DesignHelpRoute,
});

function DesignHelpRoute() {
  return <DesignHelpPage offer={Route.useLoaderData()} />;
}
