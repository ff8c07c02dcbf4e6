import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface EmailChangeProps {
  brand: Brand;
  firstname: string;
  link: string;
}

/** To the new address: the change happens only when this link is followed. */
export const EmailChange = ({ brand, firstname, link }: EmailChangeProps) => (
  <Layout brand={brand} preview="Confirm your new e-mail address" heading="Confirm your new e-mail address">
    <Para>
      Hi {mailText(firstname, 'there')}, open this link to sign in to {brand.product} with this address from
      now on. It works once, for 24 hours. If you did not ask for it, ignore this e-mail: nothing changes.
    </Para>
    <Action href={link} label="Confirm this address" />
  </Layout>
);
