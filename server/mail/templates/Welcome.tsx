import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface WelcomeProps {
  brand: Brand;
  firstname: string;
  company: string;
  link: string;
}

export const Welcome = ({ brand, firstname, company, link }: WelcomeProps) => (
  <Layout
    brand={brand}
    preview={`Your ${brand.product} account is ready`}
    heading={`Welcome to ${brand.product}`}
  >
    <Para>
      Hi {mailText(firstname, 'there')}, your {brand.product} account for {mailText(company, 'your company')}{' '}
      is ready.
    </Para>
    <Action href={link} label="Open your account" />
  </Layout>
);
