import { mailText } from '../text';
import type { Brand } from './brand';
import { Layout } from './Layout';
import { Action, Para } from './parts';

export interface ColleagueJoinedProps {
  brand: Brand;
  firstname: string;
  colleague: string;
  link: string;
}

/** To the owner, when an invited colleague creates their account. */
export const ColleagueJoined = (p: ColleagueJoinedProps) => (
  <Layout
    brand={p.brand}
    preview="A colleague joined your team"
    heading="A colleague joined your team"
    why="You get this because team news is on for your account."
  >
    <Para>
      Hi {mailText(p.firstname, 'there')}, {mailText(p.colleague, 'a colleague')} accepted your team's
      invitation and can now buy advertising for your company on {p.brand.product}.
    </Para>
    <Action href={p.link} label="See your team" />
  </Layout>
);
