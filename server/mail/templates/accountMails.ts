/**
 * The e-mails about a person's account and team: signing up and in, their address, invitations and
 * their place in a company. Their own file so each family of templates reads on one screen.
 */

import { ColleagueInvite } from './ColleagueInvite';
import { ColleagueJoined } from './ColleagueJoined';
import { EmailChange } from './EmailChange';
import { EmailChanged } from './EmailChanged';
import { EmailChangeNotice } from './EmailChangeNotice';
import { link, type MailTemplates } from './mailTemplate';
import { PasswordReset } from './PasswordReset';
import { Removed } from './Removed';
import { RoleChanged } from './RoleChanged';
import { SignInLink } from './SignInLink';
import { StaffInvite } from './StaffInvite';
import { Welcome } from './Welcome';

/** Account and team e-mails. */
export const accountMails: MailTemplates<
  | 'welcome'
  | 'password-reset'
  | 'sign-in-link'
  | 'colleague-invite'
  | 'email-change'
  | 'email-change-notice'
  | 'email-changed'
  | 'colleague-joined'
  | 'role-changed'
  | 'removed'
  | 'staff-invite'
> = {
  welcome: {
    component: Welcome,
    subject: (p) => `Welcome to ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', company: 'Northwind Bakery', link: link(brand, '/') }),
  },
  'password-reset': {
    component: PasswordReset,
    subject: (p) => `Reset your ${p.brand.product} password`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', link: link(brand, '/reset-password?token=sample') }),
  },
  'sign-in-link': {
    component: SignInLink,
    subject: (p) => `Your ${p.brand.product} sign-in link`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', link: link(brand, '/sign-in/code?token=sample') }),
  },
  'colleague-invite': {
    component: ColleagueInvite,
    // A fixed subject: what people typed goes in the body, never in the line a phishing mail would use.
    subject: (p) => `You are invited to join your team on ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({
      brand,
      inviter: 'Dana Whitfield',
      company: 'Northwind Bakery',
      link: link(brand, '/colleague?token=sample'),
    }),
  },
  'email-change': {
    component: EmailChange,
    subject: (p) => `Confirm your new ${p.brand.product} e-mail address`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', link: link(brand, '/email/confirm?token=sample') }),
  },
  'email-change-notice': {
    component: EmailChangeNotice,
    subject: (p) => `Your ${p.brand.product} e-mail address is about to change`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', newAddress: 'dana@northwind.example' }),
  },
  'email-changed': {
    component: EmailChanged,
    subject: (p) => `Your ${p.brand.product} e-mail address has changed`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Dana', newAddress: 'dana@northwind.example' }),
  },
  'colleague-joined': {
    component: ColleagueJoined,
    subject: () => 'A colleague joined your team',
    essential: false,
    preference: 'team_news',
    sample: (brand) => ({ brand, firstname: 'Dana', colleague: 'Sam Okafor', link: link(brand, '/team') }),
  },
  'role-changed': {
    component: RoleChanged,
    subject: (p) => `Your role on ${p.brand.product} has changed`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Sam', by: 'Dana Whitfield', role: 'an admin' }),
  },
  removed: {
    component: Removed,
    subject: (p) => `You were removed from your team on ${p.brand.product}`,
    essential: true,
    sample: (brand) => ({ brand, firstname: 'Sam', by: 'Dana Whitfield', company: 'Northwind Bakery' }),
  },
  // Issue 31, part 1.
  'staff-invite': {
    component: StaffInvite,
    // A fixed subject, as the colleague invite's: nothing a person typed goes in it.
    subject: (p) => `You are invited to the ${p.brand.product} back office`,
    essential: true,
    sample: (brand) => ({
      brand,
      inviter: 'Dana Whitfield',
      role: 'production staff',
      link: link(brand, '/admin/join?token=sample'),
      expires: 'Monday, January 18',
    }),
  },
};
