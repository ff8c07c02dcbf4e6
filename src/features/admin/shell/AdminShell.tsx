import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { type StaffPermission, staffCan } from '../../../../contract/staff';
import { config } from '../../../config';
import { backOfficePage, staffSignInHref } from '../../../lib/adminSearch/address';
import { staffSessionActor } from '../../../system/admin/session';
import { Button } from '../../../ui/Button';
import { SiteLink } from '../../../ui/SiteLink';
import { RedirectTo } from './RedirectTo';

/**
 * The back office's sections, each with the permission its page reads with: a section someone's role
 * cannot open is not offered (its page would only say so).
 */
const SECTIONS = [
  { section: 'orders', label: 'Orders', permission: 'orders.read' },
  { section: 'files', label: 'Ad files', permission: 'files.read' },
  { section: 'placements', label: 'Placements', permission: 'catalogue.read' },
  // Issue 32: customers, money, receivables, reports.
  { section: 'customers', label: 'Customers', permission: 'customers.read' },
  { section: 'money', label: 'Money', permission: 'money.manage' },
  { section: 'receivables', label: 'Receivables', permission: 'receivables.read' },
  { section: 'reports', label: 'Reports', permission: 'reports.read' },
  { section: 'audit', label: 'Audit log', permission: 'audit.read' },
  { section: 'staff', label: 'Staff', permission: 'staff.manage' },
] as const satisfies readonly { section: string; label: string; permission: StaffPermission }[];

const until = (iso: string) =>
  new Date(iso).toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The frame of every signed-in back-office page: a skip link, the navigation, who is signed in and
 * until when, and Sign out. A session that ends (its hours, a 401) goes back to the sign-in page.
 */
export function AdminShell({ children }: { children: ReactNode }) {
  const actor = staffSessionActor();
  const path = useRouterState({ select: (s) => s.location.pathname });
  const session = useSelector(actor, (s) => s.context.session);
  const signedIn = useSelector(actor, (s) => s.matches('signedIn'));
  const leaving = useSelector(actor, (s) => s.matches('signingOut'));
  const sections = SECTIONS.filter((section) => !session || staffCan(session.staff.role, section.permission));
  const currentSection = backOfficePage(path).section;

  return (
    <div className="flex min-h-screen flex-col bg-primary-50/30">
      {/* A session that ended: the router's own redirect on render, back to the sign-in page. */}
      {!signedIn && !leaving ? <RedirectTo href={staffSignInHref(path)} /> : null}
      <a
        href="#admin-main"
        className="sr-only z-toast rounded-button bg-primary px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <header className="border-b border-primary-100 bg-white">
        <div className="mx-auto flex max-w-page flex-wrap items-center justify-between gap-3 px-4 py-3 tb:px-6">
          <p className="font-display text-lg font-bold text-primary-900">{config.productName} back office</p>
          <div className="flex flex-wrap items-center gap-3 text-sm text-ink-soft">
            {session ? (
              <span>
                {session.staff.name} ({session.staff.role}) · Signed in until {until(session.expires_at)}
              </span>
            ) : null}
            <Button
              variant="secondary"
              inactive={leaving}
              onClick={() => actor.send({ type: 'staff.signOut' })}
            >
              Sign out
            </Button>
          </div>
        </div>
        <nav aria-label="Back office" className="mx-auto max-w-page px-4 tb:px-6">
          <ul className="flex flex-wrap gap-x-1">
            {sections.map((section) => {
              const current = section.section === currentSection;
              return (
                <li key={section.section}>
                  <SiteLink
                    href={`/admin/${section.section}`}
                    aria-current={current ? 'page' : undefined}
                    className={`inline-flex h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap ${
                      current
                        ? 'border-primary text-primary-900'
                        : 'border-transparent text-ink-soft hover:text-primary-700'
                    }`}
                  >
                    {section.label}
                  </SiteLink>
                </li>
              );
            })}
          </ul>
        </nav>
      </header>
      <main
        id="admin-main"
        tabIndex={-1}
        className="mx-auto w-full max-w-page flex-1 px-4 py-6 outline-none tb:px-6"
      >
        {children}
      </main>
    </div>
  );
}
