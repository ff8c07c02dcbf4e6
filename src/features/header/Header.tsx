import { useRouterState } from '@tanstack/react-router';
import { LogIn, Menu as MenuIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { config } from '../../config';
import { useIsSignedIn } from '../../system/hooks/session';
import { Logo } from '../../ui/Logo';
import { SiteLink } from '../../ui/SiteLink';
import { MiniCart } from '../cart/MiniCart';
import { HeaderSearch } from '../search/HeaderSearch';
import { SearchButton } from '../search/SearchButton';
import { AccountMenu } from './AccountMenu';
import { DesktopNav } from './DesktopNav';

// Only small screens use the drawer, and only once the menu button is pressed: load it then.
const loadDrawer = () => import('./MobileDrawer');
const MobileDrawer = lazy(loadDrawer);

/** The fixed 72 px header of every page. */
export function Header() {
  const href = useRouterState({ select: (s) => s.location.href });
  // The drawer is open only while the page is the one it was opened on, so any navigation closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const [drawerWanted, setDrawerWanted] = useState(false);
  const signedIn = useIsSignedIn();

  return (
    <header className="fixed inset-x-0 top-0 z-header h-header border-b border-primary-100/80 bg-white/90 backdrop-blur-md">
      <div className="mx-auto flex h-full max-w-page items-center gap-2 px-3 tb:px-6 xl:px-10">
        <button
          type="button"
          onClick={() => {
            setDrawerWanted(true);
            setDrawerOpenedAt(href);
          }}
          onPointerEnter={() => void loadDrawer()}
          className="inline-flex size-11 items-center justify-center rounded-xl text-ink-soft hover:bg-primary-50 lg:hidden"
          aria-label="Open menu"
        >
          <MenuIcon aria-hidden="true" className="size-6" />
        </button>
        <SiteLink href="/" aria-label={`${config.productName} home`} className="mr-2 rounded-lg xl:mr-6">
          <Logo />
        </SiteLink>
        <DesktopNav />
        <div className="ml-auto flex items-center gap-1">
          <HeaderSearch />
          <SearchButton />
          <MiniCart />
          {/*
            One width for "Sign in" and the account button: the HTML shows "Sign in" (nobody is known
            before the app has loaded) and the account takes its place without moving anything.
          */}
          <div className="flex w-36 justify-end max-lg:hidden">
            {signedIn ? (
              <AccountMenu />
            ) : (
              <SiteLink
                href="/login"
                className="inline-flex h-11 items-center gap-2 rounded-button px-3 text-[15px] font-semibold text-primary-700 hover:bg-primary-50"
              >
                <LogIn aria-hidden="true" className="size-5" />
                Sign in
              </SiteLink>
            )}
          </div>
        </div>
      </div>
      {drawerWanted ? (
        <Suspense fallback={null}>
          <MobileDrawer open={drawerOpenedAt === href} onClose={() => setDrawerOpenedAt(null)} />
        </Suspense>
      ) : null}
    </header>
  );
}
