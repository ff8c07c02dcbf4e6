import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Para } from './parts';

export interface RoleChangedProps {
  brand: Brand;
  firstname: string;
  by: string;
  /** The new role in words ("an admin"). */
  role: string;
}

export const RoleChanged = (p: RoleChangedProps) => (
  <Layout brand={p.brand} preview="Your role in your team has changed" heading="Your role has changed">
    <Para>
      Hi {mailText(p.firstname, 'there')}, {mailText(p.by, 'a colleague')} made you {p.role} of your team on{' '}
      {p.brand.product}. What you may do changes the next time you open a page.
    </Para>
  </Layout>
);
