import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Para } from './parts';

export interface EmailChangedProps {
  brand: Brand;
  firstname: string;
  newAddress: string;
}

/** To the old address, once the change is confirmed: the last e-mail it gets from us. */
export const EmailChanged = ({ brand, firstname, newAddress }: EmailChangedProps) => (
  <Layout brand={brand} preview="Your e-mail address has changed" heading="Your e-mail address has changed">
    <Para>
      Hi {mailText(firstname, 'there')}, your {brand.product} account now signs in with {newAddress}. This
      address gets no more e-mails from us. If this was not you, answer this e-mail at once.
    </Para>
  </Layout>
);
