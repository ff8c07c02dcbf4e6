import { Navigate, type RegisteredRouter } from '@tanstack/react-router';
import { useMemo } from 'react';

/**
 * The router's redirect on render, made once per address. `<Navigate>` navigates again whenever its
 * props are new, which a fresh element makes on every render of its parent: the same element is kept
 * so a re-render before the page changes does not navigate (and run the guards) again. The address is
 * a whole `href` (any string, so the generics say so: the router's types otherwise ask for `to`).
 */
export function RedirectTo({ href }: { href: string }) {
  return useMemo(
    () => <Navigate<RegisteredRouter, string, string | undefined> href={href} replace />,
    [href],
  );
}
