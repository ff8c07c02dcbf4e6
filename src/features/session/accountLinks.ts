import { CreditCard, FolderOpen, type LucideIcon, Package, UserRound, UsersRound } from 'lucide-react';

export interface AccountLink {
  label: string;
  href: string;
  icon: LucideIcon;
}

/** The signed-in account menu of SPEC section 2: links into the dashboard area. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { label: 'Orders', href: '/orders/upcoming', icon: Package },
  { label: 'Billing', href: '/billing', icon: CreditCard },
  { label: 'Team Members', href: '/team', icon: UsersRound },
  { label: 'Ad Files', href: '/files', icon: FolderOpen },
  { label: 'Account', href: '/account/profile', icon: UserRound },
];
