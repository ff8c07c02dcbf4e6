import type { MediaType } from '../../../contract/mediaTypes';
import { SECTION_OF_TYPE } from '../../../contract/shopPaths';
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
  {
    slug: 'every-door-direct-mail',
    title: 'Every Door Direct Mail',
    intro: 'A postcard printed and delivered to every address on the mail carrier routes you choose.',
    mediaTypes: ['eddm'],
    channel: 'eddm',
  },
  {
    slug: 'email',
    title: 'Email',
    intro: 'Your own e-mail, sent once to an opted-in list of subscribers who match your audience.',
    mediaTypes: ['email'],
    channel: 'email',
  },
  {
    slug: 'design',
    title: 'Ad design',
    intro: 'Our studio designs your ad, postcard, banners or video, ready for the placements you book.',
    mediaTypes: ['custom'],
    channel: 'custom',
  },
];

export const findSection = (slug: string) => SHOP_SECTIONS.find((s) => s.slug === slug);

/** The shop section a placement belongs to: its detail page lives under it. */
export const sectionOfMedia = (mediaType: MediaType): ShopSection =>
  findSection(SECTION_OF_TYPE[mediaType]) ?? (SHOP_SECTIONS[0] as ShopSection);

export { mediaPath } from '../../../contract/shopPaths';
