import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface PasswordResetProps {
  brand: Brand;
  firstname: string;
  link: string;
}

export const PasswordReset = ({ brand, firstname, link }: PasswordResetProps) => (
  <Layout brand={brand} preview="Choose a new password" heading="Reset your password">
    <Para>
      Hi {mailText(firstname, 'there')}, open this link to choose a new password. It works once, for an hour.
      If you did not ask for it, ignore this e-mail.
    </Para>
    <Action href={link} label="Choose a new password" />
  </Layout>
);
