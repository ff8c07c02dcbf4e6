import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { ItemEditorGate } from '../features/cart/ItemEditorGate';
import { Footer } from '../features/footer/Footer';
import { Header } from '../features/header/Header';
import { ToastRegion } from '../features/toasts/ToastRegion';
import { isBackOfficePath } from '../lib/backOfficePath';
import type { RouterContext } from '../router';
import { uiCalls } from '../system/uiCalls';

// The browser asks once a visit: a sign-in or sign-out reloads every route's data, and a new question
// each time made the footer's lines blink out and back. (A server render asks for its own page.)
let companyOfVisit: ReturnType<typeof uiCalls.fetchCompanyFacts> | undefined;
function companyFacts() {
  if (import.meta.env.SSR) return uiCalls.fetchCompanyFacts();
  const asked = companyOfVisit ?? uiCalls.fetchCompanyFacts();
  // An answer is kept; no answer (the network, a hosted API without the route) is asked again next time.
  companyOfVisit = asked;
  asked.then((facts) => {
    if (facts === null && companyOfVisit === asked) companyOfVisit = undefined;
  });
  return asked;
}

export const Route = createRootRouteWithContext<RouterContext>()({
  // Who runs the product, for the footer: the server's configuration, asked once a visit and never
  // holding a page back (a page the server draws carries the answer). The back office draws no footer,
  // and crossing to the storefront loads the page afresh, so it never asks.
  loader: ({ location }) => ({
    company: isBackOfficePath(location.pathname) ? Promise.resolve(null) : companyFacts(),
  }),
  staleTime: Number.POSITIVE_INFINITY,
  component: RootLayout,
});

/** The page shell of SPEC section 2: fixed header, page content, footer. */
function RootLayout() {
  const backOffice = useRouterState({ select: (s) => isBackOfficePath(s.location.pathname) });
  if (backOffice) return <Outlet />;
  return <StorefrontLayout />;
}

function StorefrontLayout() {
  const { company } = Route.useLoaderData();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-toast rounded-button bg-primary px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 pt-header outline-none">
        <Outlet />
      </main>
      <Footer company={company} />
      <ToastRegion />
      <ItemEditorGate />
    </div>
  );
}
