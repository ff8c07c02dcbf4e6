import { Popover, PopoverButton, PopoverPanel, useClose } from '@headlessui/react';
import { ChevronDown, LogOut } from 'lucide-react';
import { useSignOut, useUserData } from '../../system/hooks/session';
import { Avatar } from '../../ui/Avatar';
import { SiteLink } from '../../ui/SiteLink';
import { ACCOUNT_LINKS, type AccountLink, linksFor } from '../session/accountLinks';
import { KEEP_CLEAR } from '../toasts/keepClear';
import { OrderCounts } from './OrderCounts';

function MenuLink({ link }: { link: AccountLink }) {
  const close = useClose();
  return (
    <SiteLink
      href={link.href}
      onClick={() => close()}
      className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-[15px] font-medium text-ink-soft hover:bg-primary-50 hover:text-primary-700"
    >
      <link.icon aria-hidden="true" className="size-4 text-ink-muted" />
      {link.label}
      {link.href === '/orders/upcoming' ? <OrderCounts /> : null}
    </SiteLink>
  );
}

/** The signed-in account menu: who is signed in, the dashboard links, and Sign out. */
export function AccountMenu() {
  const user = useUserData();
  const signOut = useSignOut();
  if (!user?.uuid) return null;
  const name = user.fullname ?? '';
  return (
    <Popover>
      <PopoverButton
        aria-label={`Account menu for ${name}`}
        className="flex h-11 items-center gap-2 rounded-button pr-2 pl-1 hover:bg-primary-50 data-open:bg-primary-50"
      >
        <Avatar name={name} src={user.avatar} />
        <span className="max-w-16 truncate text-[15px] font-semibold text-ink">{user.firstname ?? name}</span>
        <ChevronDown
          aria-hidden="true"
          className="size-4 text-ink-muted transition-transform in-data-open:rotate-180"
        />
      </PopoverButton>
      <PopoverPanel
        {...KEEP_CLEAR}
        anchor={{ to: 'bottom end', gap: 8 }}
        transition
        className="z-popover w-72 rounded-xl border border-primary-100 bg-white p-1.5 shadow-xl shadow-primary-900/10 outline-none transition duration-100 data-closed:-translate-y-1 data-closed:opacity-0"
      >
        <div className="flex items-center gap-3 border-b border-primary-50 px-3 pt-2 pb-3">
          <Avatar name={name} src={user.avatar} size="lg" />
          <div className="min-w-0">
            <p className="truncate font-bold text-ink">{name}</p>
            <p className="truncate text-sm text-ink-muted">{user.company}</p>
          </div>
        </div>
        <ul aria-label="Account" className="py-1">
          {linksFor(ACCOUNT_LINKS, user).map((link) => (
            <li key={link.href}>
              <MenuLink link={link} />
            </li>
          ))}
        </ul>
        <button
          type="button"
          onClick={signOut}
          className="flex w-full items-center gap-3 rounded-lg border-t border-primary-50 px-3 py-2.5 text-[15px] font-semibold text-coral-700 hover:bg-warm"
        >
          <LogOut aria-hidden="true" className="size-4" />
          Sign out
        </button>
      </PopoverPanel>
    </Popover>
  );
}
