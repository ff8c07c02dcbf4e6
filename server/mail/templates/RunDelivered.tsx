import type { ProofKind } from '../../../contract/adminOrders';
import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface RunDeliveredProps {
  brand: Brand;
  firstname: string;
  order: string;
  placement: string;
  /** The run, in words ("March 2027 issue"). */
  run: string;
  /** The day it was marked delivered, in words. */
  delivered: string;
  proof: ProofKind;
  /** What the proof counts, in words ("48,210 impressions"), when it counts something. */
  details: string | null;
  link: string;
}

const PROOF_WORDS: Record<ProofKind, string> = {
  'tear-sheet': 'a tear sheet of the printed page',
  photo: 'a photo of the ad where it ran',
  'proof-of-play': 'the proof of play from the screens',
  'drop-confirmation': "the post office's drop confirmation",
  'delivery-report': 'the delivery report',
};

/** To the customer: a run ran, and the proof of it is on the order's page. */
export const RunDelivered = (p: RunDeliveredProps) => (
  <Layout brand={p.brand} preview={`${p.run} of order ${p.order} ran`} heading={`Your ad ran: ${p.run}`}>
    <Para>
      Hi {mailText(p.firstname, 'there')}, your ad in {p.placement}, {p.run} (order {p.order}), was delivered
      on {p.delivered}
      {p.details ? `: ${p.details}` : ''}.
    </Para>
    <Para>Its proof, {PROOF_WORDS[p.proof]}, is on the order's page to view and download.</Para>
    <Action href={p.link} label="See the proof" />
  </Layout>
);
