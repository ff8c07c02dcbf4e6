import { CreditCard, FolderOpen, type LucideIcon, Package, UserRound, UsersRound } from 'lucide-react';
import { can, maySeeInvoices, type Permission, type Role } from '../../../contract/roles';

export interface AccountLink {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Shown only to people whose role may do this (contract/roles.ts), or who may see invoices. */
  needs?: Permission | 'invoices';
}

/** The signed-in account menu of SPEC section 2: links into the dashboard area. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { label: 'Orders', href: '/orders/upcoming', icon: Package },
  { label: 'Billing', href: '/billing', icon: CreditCard, needs: 'invoices' },
  { label: 'Team Members', href: '/team', icon: UsersRound },
  { label: 'Ad Files', href: '/files', icon: FolderOpen },
  { label: 'Account', href: '/account/profile', icon: UserRound },
];

/** The links a person may use: members have no Billing, unless the owner lets members pay invoices. */
export const linksFor = (
  links: readonly AccountLink[],
  user: { role?: Role | null; may_pay_invoices?: boolean | undefined } | null | undefined,
): AccountLink[] =>
  links.filter(
    (link) => !link.needs || (link.needs === 'invoices' ? maySeeInvoices(user) : can(user?.role, link.needs)),
  );
