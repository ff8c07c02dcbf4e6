import { useRouterState } from '@tanstack/react-router';
import { LayoutDashboard } from 'lucide-react';
import type { ReactNode } from 'react';
import { useUserData } from '../../system/hooks/session';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { ACCOUNT_LINKS, type AccountLink, linksFor } from '../session/accountLinks';

/**
 * The dashboard's own navigation: its landing page (what needs doing next), then the account menu's
 * links. Kept here, not beside the menu's links, so its icon loads with the dashboard only.
 */
const DASHBOARD_LINKS: readonly AccountLink[] = [
  { label: 'Overview', href: '/dashboard', icon: LayoutDashboard },
  ...ACCOUNT_LINKS,
];

/** The customer dashboard's frame: who is signed in, the dashboard sections, and the section shown. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const user = useUserData();
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <div className="mx-auto flex max-w-page flex-col gap-6 px-4 py-8 tb:px-6 lg:flex-row xl:px-10">
      <aside className="lg:w-64 lg:shrink-0">
        <p className="text-sm font-semibold text-ink-muted">{user?.company}</p>
        <p className="font-display text-2xl font-bold text-primary-900">Hi, {user?.firstname ?? 'there'}</p>
        <nav aria-label="Dashboard" className="mt-4">
          <ul className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible">
            {linksFor(DASHBOARD_LINKS, user).map((link) => {
              const current =
                path === link.href || path.startsWith(`${link.href.split('/').slice(0, 2).join('/')}/`);
              return (
                <li key={link.href} className="shrink-0">
                  <SiteLink
                    href={link.href}
                    aria-current={current ? 'page' : undefined}
                    className="flex h-11 items-center gap-3 rounded-xl px-3 font-semibold whitespace-nowrap text-ink-soft hover:bg-white aria-[current=page]:bg-white aria-[current=page]:text-primary-700 aria-[current=page]:shadow-sm"
                  >
                    <link.icon aria-hidden="true" className="size-5" />
                    {link.label}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </aside>
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** A dashboard section: its title and what it holds. */
export function DashboardSection({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="rounded-3xl border border-primary-100 bg-white p-6 shadow-sm tb:p-8">
      <PageMeta title={title} />
      <h1 className="font-display text-3xl font-bold text-primary-900">{title}</h1>
      {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}

/** What a section shows while it has nothing yet, and where to go next. */
export function EmptyState({
  icon,
  title,
  children,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-primary-200 bg-primary-50/40 px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-white text-primary shadow-sm">
        {icon}
      </span>
      <h2 className="text-lg font-bold text-ink">{title}</h2>
      <div className="max-w-md text-ink-soft">{children}</div>
    </div>
  );
}
