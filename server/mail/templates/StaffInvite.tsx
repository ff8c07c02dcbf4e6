import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface StaffInviteProps {
  brand: Brand;
  /** The admin's name, or null when the invitation came from `npm run staff:create`. */
  inviter: string | null;
  /** How the role reads in a sentence: "an admin", "production staff", "a rep". */
  role: string;
  link: string;
  /** The day the link stops working, written out. */
  expires: string;
}

export const StaffInvite = ({ brand, inviter, role, link, expires }: StaffInviteProps) => (
  <Layout
    brand={brand}
    preview="You are invited to the back office"
    heading="You are invited to the back office"
  >
    <Para>
      {mailText(inviter ?? '', 'An admin')} invited you to run {brand.product} as {role}. Open the link to
      choose your password and set up your authenticator app; it works until {expires}.
    </Para>
    <Action href={link} label="Join the back office" />
  </Layout>
);
