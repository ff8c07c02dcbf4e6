import { Popover, PopoverButton, PopoverPanel, useClose } from '@headlessui/react';
import { useRouterState } from '@tanstack/react-router';
import { ChevronDown } from 'lucide-react';
import { SiteLink } from '../../ui/SiteLink';
import { isCurrent, NAVIGATION, type NavLink } from './navigation';

const itemClasses =
  'inline-flex h-10 items-center gap-1 rounded-lg px-3 text-[15px] font-semibold text-ink-soft transition-colors ' +
  'hover:bg-primary-50 hover:text-primary-700 aria-[current=page]:text-primary-700';

function PanelLink({ item, current }: { item: NavLink; current: boolean }) {
  const close = useClose();
  return (
    <SiteLink
      href={item.href}
      onClick={() => close()}
      aria-current={current ? 'page' : undefined}
      className="block rounded-lg px-3 py-2.5 text-[15px] font-medium text-ink-soft hover:bg-primary-50 hover:text-primary-700 focus-visible:bg-primary-50 aria-[current=page]:font-bold aria-[current=page]:text-primary-700"
    >
      {item.label}
    </SiteLink>
  );
}

/**
 * A navigation dropdown in the disclosure pattern (Headless UI Popover): a button that shows a list
 * of ordinary links, so they keep their link role, Tab moves through them and Escape closes.
 */
function DropdownGroup({ label, items }: { label: string; items: NavLink[] }) {
  const location = useRouterState({ select: (s) => s.location });
  const active = items.some((item) => isCurrent(item.href, location));
  return (
    <Popover>
      <PopoverButton className={`${itemClasses} data-open:bg-primary-50 ${active ? 'text-primary-700' : ''}`}>
        {label}
        <ChevronDown aria-hidden="true" className="size-4 transition-transform in-data-open:rotate-180" />
      </PopoverButton>
      <PopoverPanel
        anchor={{ to: 'bottom start', gap: 8 }}
        transition
        className="z-popover min-w-56 rounded-xl border border-primary-100 bg-white p-1.5 shadow-xl shadow-primary-900/10 outline-none transition duration-100 data-closed:-translate-y-1 data-closed:opacity-0"
      >
        <ul aria-label={label}>
          {items.map((item) => (
            <li key={item.href}>
              <PanelLink item={item} current={isCurrent(item.href, location)} />
            </li>
          ))}
        </ul>
      </PopoverPanel>
    </Popover>
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
