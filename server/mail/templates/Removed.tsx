import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Para } from './parts';

export interface RemovedProps {
  brand: Brand;
  firstname: string;
  by: string;
  company: string;
}

export const Removed = (p: RemovedProps) => (
  <Layout brand={p.brand} preview="You were removed from your team" heading="You were removed from your team">
    <Para>
      Hi {mailText(p.firstname, 'there')}, {mailText(p.by, 'a colleague')} removed you from{' '}
      {mailText(p.company, 'your company')} on {p.brand.product}. You can no longer sign in to it; the orders
      you placed stay with the company.
    </Para>
  </Layout>
);
