import { Button, Link, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

/** A paragraph of an e-mail. */
export const Para = ({ children }: { children: ReactNode }) => (
  <Text style={{ fontSize: '15px', lineHeight: '22px' }}>{children}</Text>
);

/**
 * The e-mail's action, as a button and, under it, the address written out: some mail readers block
 * buttons, and a person may want to see where a link goes before following it.
 */
export const Action = ({ href, label }: { href: string; label: string }) => (
  <Section style={{ margin: '16px 0' }}>
    <Button
      href={href}
      style={{ backgroundColor: '#4b3fd6', color: '#ffffff', padding: '10px 18px', borderRadius: '6px' }}
    >
      {label}
    </Button>
    <Text style={{ fontSize: '12px', color: '#6d6784' }}>
      Or open <Link href={href}>{href}</Link>
    </Text>
  </Section>
);

/** An amount already formatted by the server (`$1,234.00`), kept on one line. */
export const Money = ({ children }: { children: string }) => (
  <strong style={{ whiteSpace: 'nowrap' }}>{children}</strong>
);

export interface RunLine {
  /** The run, in words ("Week of March 2"). */
  run: string;
  /** When its ad is due, in words. */
  adDue: string;
}

/** The runs of an order with the day each ad is due, a line each (so the text part reads as well). */
export const RunsTable = ({ runs }: { runs: RunLine[] }) => (
  <Section>
    {runs.map((line) => (
      <Text key={line.run} style={{ fontSize: '14px', margin: '2px 0' }}>
        {`${line.run}: ad due ${line.adDue}`}
      </Text>
    ))}
  </Section>
);
