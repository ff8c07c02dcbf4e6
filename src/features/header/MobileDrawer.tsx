import {
  Dialog,
  DialogPanel,
  DialogTitle,
  Disclosure,
  DisclosureButton,
  DisclosurePanel,
} from '@headlessui/react';
import { useRouterState } from '@tanstack/react-router';
import { ChevronDown, LogIn, LogOut, ShoppingBag } from 'lucide-react';
import type { ReactNode } from 'react';
import { config } from '../../config';
import { useSignOut, useUserData } from '../../system/hooks/session';
import { Avatar } from '../../ui/Avatar';
import { ButtonLink } from '../../ui/Button';
import { CloseButton } from '../../ui/CloseButton';
import { Logo } from '../../ui/Logo';
import { SiteLink } from '../../ui/SiteLink';
import { ACCOUNT_LINKS, linksFor } from '../session/accountLinks';
import { isCurrent, NAVIGATION, type NavLink } from './navigation';
import { OrderCounts } from './OrderCounts';

const rowClasses =
  'flex min-h-12 w-full items-center justify-between rounded-xl px-3 text-base font-semibold text-ink ' +
  'hover:bg-primary-50 aria-[current=page]:bg-primary-50 aria-[current=page]:text-primary-700';

function DrawerLink({
  item,
  nested = false,
  onNavigate,
}: {
  item: NavLink;
  nested?: boolean;
  onNavigate: () => void;
}) {
  const location = useRouterState({ select: (s) => s.location });
  return (
    <SiteLink
      href={item.href}
      onClick={onNavigate}
      aria-current={isCurrent(item.href, location) ? 'page' : undefined}
      className={`${rowClasses} ${nested ? 'pl-6 font-medium text-ink-soft' : ''}`}
    >
      {item.label}
      {item.href === '/orders/upcoming' ? <OrderCounts /> : null}
    </SiteLink>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="border-t border-primary-100 pt-4">
      <h2 className="px-3 pb-2 text-xs font-bold tracking-wider text-ink-muted uppercase">{title}</h2>
      {children}
    </section>
  );
}

export interface MobileDrawerProps {
  open: boolean;
  onClose: () => void;
}

/**
 * The small-screen navigation: a drawer from the left. Dropdown groups expand in place, the
 * Resources group is flat, and a Shop button leads to /shop. It closes on every route change
 * (the header derives `open` from the location it was opened at).
 */
export default function MobileDrawer({ open, onClose }: MobileDrawerProps) {
  const user = useUserData();
  const signOut = useSignOut();
  return (
    <Dialog open={open} onClose={onClose} className="fixed inset-0 z-drawer lg:hidden">
      <div aria-hidden="true" className="fixed inset-0 bg-ink/40 backdrop-blur-[2px]" />
      <div className="fixed inset-y-0 left-0 flex w-[min(88vw,360px)]">
        <DialogPanel className="flex w-full flex-col overflow-y-auto bg-white shadow-2xl">
          <div className="flex h-header shrink-0 items-center justify-between border-b border-primary-100 px-4">
            <DialogTitle className="sr-only">Menu</DialogTitle>
            <SiteLink href="/" aria-label={`${config.productName} home`} onClick={onClose}>
              <Logo />
            </SiteLink>
            <CloseButton label="Close menu" onClick={onClose} />
          </div>

          <nav aria-label="Main" className="flex flex-1 flex-col gap-4 px-3 py-4">
            <ul className="flex flex-col gap-0.5">
              {NAVIGATION.map((item) => {
                if (item.kind === 'divider' || (item.kind === 'group' && item.flatOnMobile)) return null;
                if (item.kind === 'link') {
                  return (
                    <li key={item.href}>
                      <DrawerLink item={item} onNavigate={onClose} />
                    </li>
                  );
                }
                return (
                  <li key={item.label}>
                    <Disclosure>
                      <DisclosureButton className={rowClasses}>
                        {item.label}
                        <ChevronDown
                          aria-hidden="true"
                          className="size-5 transition-transform in-data-open:rotate-180"
                        />
                      </DisclosureButton>
                      <DisclosurePanel as="ul" className="flex flex-col gap-0.5 pb-1">
                        {item.items.map((child) => (
                          <li key={child.href}>
                            <DrawerLink item={child} nested onNavigate={onClose} />
                          </li>
                        ))}
                      </DisclosurePanel>
                    </Disclosure>
                  </li>
                );
              })}
            </ul>

            {NAVIGATION.filter((item) => item.kind === 'group' && item.flatOnMobile).map((group) =>
              group.kind === 'group' ? (
                <Section key={group.label} title={group.label}>
                  <ul className="flex flex-col gap-0.5">
                    {group.items.map((child) => (
                      <li key={child.href}>
                        <DrawerLink item={child} onNavigate={onClose} />
                      </li>
                    ))}
                  </ul>
                </Section>
              ) : null,
            )}

            <ButtonLink href="/shop" size="lg" className="w-full" onClick={onClose}>
              <ShoppingBag aria-hidden="true" className="size-5" />
              Shop
            </ButtonLink>

            <Section title="Account">
              {user?.uuid ? (
                <>
                  <div className="flex items-center gap-3 px-3 pb-3">
                    <Avatar name={user.fullname ?? ''} src={user.avatar} size="lg" />
                    <div className="min-w-0">
                      <p className="truncate font-bold text-ink">{user.fullname}</p>
                      <p className="truncate text-sm text-ink-muted">{user.company}</p>
                    </div>
                  </div>
                  <ul className="flex flex-col gap-0.5">
                    {linksFor(ACCOUNT_LINKS, user).map((link) => (
                      <li key={link.href}>
                        <DrawerLink item={link} onNavigate={onClose} />
                      </li>
                    ))}
                    <li>
                      <button
                        type="button"
                        onClick={() => {
                          onClose();
                          signOut();
                        }}
                        className={`${rowClasses} text-coral-700`}
                      >
                        <span className="inline-flex items-center gap-3">
                          <LogOut aria-hidden="true" className="size-5" />
                          Sign out
                        </span>
                      </button>
                    </li>
                  </ul>
                </>
              ) : (
                <SiteLink href="/login" className={rowClasses} onClick={onClose}>
                  <span className="inline-flex items-center gap-3">
                    <LogIn aria-hidden="true" className="size-5 text-primary" />
                    Sign in
                  </span>
                </SiteLink>
              )}
            </Section>
          </nav>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
