import type { ReactNode } from 'react';
import { useHydrated } from '../lib/useHydrated';

/**
 * A form's fields, disabled until the page's script has taken the page over: a page the server drew
 * shows its form at once, but sent before then, the browser would put the fields (a password) in
 * the address. `display: contents`, so the fields lay out as if it were not there.
 */
export function ReadyFieldset({ children }: { children: ReactNode }) {
  const ready = useHydrated();
  return (
    <fieldset disabled={!ready} className="contents">
      {children}
    </fieldset>
  );
}
