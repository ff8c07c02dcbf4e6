import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface SignInLinkProps {
  brand: Brand;
  firstname: string;
  link: string;
}

export const SignInLink = ({ brand, firstname, link }: SignInLinkProps) => (
  <Layout brand={brand} preview={`Sign in to ${brand.product}`} heading="Your sign-in link">
    <Para>Hi {mailText(firstname, 'there')}, open this link to sign in. It works once, for two days.</Para>
    <Action href={link} label="Sign in" />
  </Layout>
);
