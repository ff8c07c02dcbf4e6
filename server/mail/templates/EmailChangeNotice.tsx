import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Para } from './parts';

export interface EmailChangeNoticeProps {
  brand: Brand;
  firstname: string;
  /** Shown as it is: the route took only a valid address, and the owner needs to see where the account would go. */
  newAddress: string;
}

export const EmailChangeNotice = ({ brand, firstname, newAddress }: EmailChangeNoticeProps) => (
  <Layout
    brand={brand}
    preview="Your e-mail address is about to change"
    heading="Your e-mail address is about to change"
  >
    <Para>
      Hi {mailText(firstname, 'there')}, your {brand.product} account asked to sign in with {newAddress}{' '}
      instead of this one. Nothing changes until the link sent there is opened. If this was not you, change
      your password now: it ends every other sign-in.
    </Para>
  </Layout>
);
