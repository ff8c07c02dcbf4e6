import { CreditCard, FolderOpen, type LucideIcon, Package, UserRound, UsersRound } from 'lucide-react';
import { can, type Permission, type Role } from '../../../contract/roles';

export interface AccountLink {
  label: string;
  href: string;
  icon: LucideIcon;
  /** Shown only to people whose role may do this (contract/roles.ts). */
  needs?: Permission;
}

/** The signed-in account menu of SPEC section 2: links into the dashboard area. */
export const ACCOUNT_LINKS: readonly AccountLink[] = [
  { label: 'Orders', href: '/orders/upcoming', icon: Package },
  { label: 'Billing', href: '/billing', icon: CreditCard, needs: 'billing' },
  { label: 'Team Members', href: '/team', icon: UsersRound },
  { label: 'Ad Files', href: '/files', icon: FolderOpen },
  { label: 'Account', href: '/account/profile', icon: UserRound },
];

/** The links a person may use: members have no Billing. */
export const linksFor = (links: readonly AccountLink[], role: Role | null | undefined): AccountLink[] =>
  links.filter((link) => !link.needs || can(role, link.needs));
