import type { Role } from './roles';

/**
 * Roles in words, kept apart from contract/roles.ts: the header reads the permissions in the first
 * bundle, and these sentences are only for the team and account pages.
 */
export const ROLE_LABELS: Record<Role, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

/** What each role is for, in a sentence (the team page's role picker). */
export const ROLE_HINTS: Record<Role, string> = {
  owner: 'Everything an admin can do, and hands the company to someone else.',
  admin: 'Orders, billing and ad files; invites, changes roles and removes people.',
  member: 'Orders and ad files; sees the team, no billing.',
};
