import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useRouterState } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { SiteLink } from '../../ui/SiteLink';
import { isCurrent, NAVIGATION, type NavLink } from './navigation';

const itemClasses =
  'inline-flex h-10 items-center gap-1 rounded-lg px-3 text-[15px] font-semibold text-ink-soft transition-colors ' +
  'hover:bg-primary-50 hover:text-primary-700 aria-[current=page]:text-primary-700';

function DropdownGroup({ label, items }: { label: string; items: NavLink[] }) {
  const location = useRouterState({ select: (s) => s.location });
  const active = items.some((item) => isCurrent(item.href, location));
  return (
    <Menu>
      <MenuButton className={`${itemClasses} data-open:bg-primary-50 ${active ? 'text-primary-700' : ''}`}>
        {label}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform in-data-open:rotate-180" />
      </MenuButton>
      <MenuItems
        anchor={{ to: 'bottom start', gap: 8 }}
        transition
        modal={false}
        className="z-popover min-w-56 rounded-xl border border-primary-100 bg-white p-1.5 shadow-xl shadow-primary-900/10 outline-none transition duration-100 data-closed:-translate-y-1 data-closed:opacity-0"
      >
        {items.map((item) => (
          <MenuItem key={item.href}>
            <SiteLink
              href={item.href}
              aria-current={isCurrent(item.href, location) ? 'page' : undefined}
              className="block rounded-lg px-3 py-2.5 text-[15px] font-medium text-ink-soft data-focus:bg-primary-50 data-focus:text-primary-700 aria-[current=page]:font-bold aria-[current=page]:text-primary-700"
            >
              {item.label}
            </SiteLink>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}

/** The navigation row of the desktop header (from the lg breakpoint). */
export function DesktopNav() {
  const location = useRouterState({ select: (s) => s.location });
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-0.5">
        {NAVIGATION.map((item) => {
          if (item.kind === 'divider') {
            return <li key={item.id} aria-hidden="true" className="mx-2 h-6 w-px bg-primary-100" />;
          }
          if (item.kind === 'group') {
            return (
              <li key={item.label}>
                <DropdownGroup label={item.label} items={item.items} />
              </li>
            );
          }
          return (
            <li key={item.href}>
              <SiteLink
                href={item.href}
                className={itemClasses}
                aria-current={isCurrent(item.href, location) ? 'page' : undefined}
              >
                {item.label}
              </SiteLink>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
