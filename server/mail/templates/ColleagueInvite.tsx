import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface ColleagueInviteProps {
  brand: Brand;
  inviter: string;
  company: string;
  link: string;
}

export const ColleagueInvite = ({ brand, inviter, company, link }: ColleagueInviteProps) => (
  <Layout
    brand={brand}
    preview="You are invited to join your team"
    heading="You are invited to join your team"
  >
    <Para>
      {mailText(inviter, 'A colleague')} invited you to buy advertising with{' '}
      {mailText(company, 'their company')} on {brand.product}. Open the link to create your account; it works
      for 14 days.
    </Para>
    <Action href={link} label="Create your account" />
  </Layout>
);
