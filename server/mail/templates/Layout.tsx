import {
  Body,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { ReactNode } from 'react';
import type { Brand } from './brand';

const page = { backgroundColor: '#f4f3f8', fontFamily: 'Helvetica, Arial, sans-serif', color: '#1f1b2e' };
const card = { backgroundColor: '#ffffff', padding: '24px', maxWidth: '560px', borderRadius: '8px' };
const small = { color: '#6d6784', fontSize: '12px', lineHeight: '18px' };

/**
 * The frame of every e-mail: the product's name on top, the company that runs it and its postal address
 * at the foot (the law asks for it), and, for an e-mail a person may turn off, why they get it and where.
 */
export function Layout(props: {
  brand: Brand;
  preview: string;
  heading: string;
  children: ReactNode;
  /** Why this person gets this e-mail and where to stop it; absent for e-mails that are always sent. */
  why?: string;
}) {
  const { brand } = props;
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body style={page}>
        <Container style={card}>
          <Text style={{ fontWeight: 'bold', fontSize: '18px', margin: '0 0 16px' }}>{brand.product}</Text>
          <Heading as="h1" style={{ fontSize: '22px', margin: '0 0 16px' }}>
            {props.heading}
          </Heading>
          {props.children}
          <Hr />
          <Section>
            {props.why ? (
              <Text style={small}>
                {props.why} <Link href={`${brand.url}/profile`}>Change your e-mail preferences</Link>.
              </Text>
            ) : null}
            <Text
              style={small}
            >{`${brand.product} is run by ${[brand.legalName, ...brand.address].join(', ')}.`}</Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}
