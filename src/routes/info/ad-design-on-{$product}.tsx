import { createFileRoute, notFound } from '@tanstack/react-router';
import { config } from '../../config';
import { ContentPending } from '../../features/content/ContentPending';
import { DesignHelpPage } from '../../features/content/DesignHelpPage';
import { contentCalls } from '../../system/contentCalls';

/** SPEC section 2's /info/ad-design-on-{product}/: the product is this build's brand. */
export const Route = createFileRoute('/info/ad-design-on-{$product}')({
  // The loader (and the API module it calls) loads with the page, not with the first route.
  codeSplitGroupings: [['loader', 'component']],
  beforeLoad: ({ params }) => {
    if (params.product !== config.storagePrefix) throw notFound();
  },
  loader: () => contentCalls.fetchDesignHelp(),
  pendingComponent: ContentPending,
  component: DesignHelpRoute,
});

function DesignHelpRoute() {
  return <DesignHelpPage offer={Route.useLoaderData()} />;
}
