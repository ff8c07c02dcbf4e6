import { Search } from 'lucide-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useSearchDrawerOpen, useSendToSearch } from '../../system/hooks/search';

const SearchDrawer = lazy(() => import('./SearchDrawer'));

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The header's way into site search: a button (and the `/` or Ctrl+K shortcut) opening the top
 * drawer. The drawer and the search code load the first time it opens.
 */
export function SearchButton() {
  const open = useSearchDrawerOpen();
  const sendToSearch = useSendToSearch();
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);

  // The shortcut lives as long as the button that announces it (aria-keyshortcuts): React 19 runs the
  // cleanup a ref callback returns when the button goes.
  const listenForShortcut = useCallback(
    (button: HTMLButtonElement | null) => {
      if (!button) return;
      const onKey = (event: KeyboardEvent) => {
        const shortcut =
          (event.key === '/' && !isTyping(event.target)) ||
          (event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey));
        if (!shortcut || event.defaultPrevented) return;
        event.preventDefault();
        sendToSearch({ type: 'search.open' });
      };
      window.addEventListener('keydown', onKey);
      return () => window.removeEventListener('keydown', onKey);
    },
    [sendToSearch],
  );

  return (
    <>
      <button
        ref={listenForShortcut}
        type="button"
        onClick={() => sendToSearch({ type: 'search.open' })}
        aria-keyshortcuts="/ Control+K"
        aria-label="Search"
        // Wide screens search in the header itself (HeaderSearch); the shortcut opens the drawer there too.
        className="inline-flex size-11 items-center justify-center rounded-button text-primary-700 hover:bg-primary-50 xl:hidden"
      >
        <Search aria-hidden="true" className="size-6" />
      </button>
      {used ? (
        <Suspense fallback={null}>
          <SearchDrawer />
        </Suspense>
      ) : null}
    </>
  );
}
