import type { MediaType } from '../../../contract/mediaTypes';
import type { ChannelKey } from '../../lib/channels';

export interface ShopSection {
  slug: string;
  title: string;
  /** What the visitor buys here, in one sentence. */
  intro: string;
  mediaTypes: MediaType[];
  channel: ChannelKey;
}

/** The shop pages of SPEC section 2, each listing one kind of media. */
export const SHOP_SECTIONS: readonly ShopSection[] = [
  {
    slug: 'magazines',
    title: 'Magazines',
    intro:
      'Full-page ads in city magazines and the regional editions of national titles, sold issue by issue.',
    mediaTypes: ['printmag'],
    channel: 'printmag',
  },
  {
    slug: 'websites',
    title: 'Online',
    intro:
      'Google display and search campaigns, and GroundTruth mobile ads for people who visit the places you choose.',
    mediaTypes: ['digital'],
    channel: 'google',
  },
  {
    slug: 'tv',
    title: 'Linear TV',
    intro: 'Thirty-second spots on the local broadcast stations of each market, booked by flight week.',
    mediaTypes: ['tv'],
    channel: 'tv',
  },
  {
    slug: 'ctv',
    title: 'CTV',
    intro: 'Non-skippable ads on streaming apps and smart TVs, aimed at the audience you pick.',
    mediaTypes: ['ctv'],
    channel: 'ctv',
  },
  {
    slug: 'out-of-home',
    title: 'Out of Home',
    intro:
      'Digital billboards and indoor screen networks: airports, gyms, gas stations, grocery checkouts and more.',
    mediaTypes: ['dooh'],
    channel: 'dooh',
  },
  {
    slug: 'direct-mail',
    title: 'Audience Based Direct Mail',
    intro: 'Postcards mailed only to the households that match your audience, in the zip codes you choose.',
    mediaTypes: ['abdm'],
    channel: 'abdm',
  },
];

export const findSection = (slug: string) => SHOP_SECTIONS.find((s) => s.slug === slug);
