import { designHelpPath } from '../../../contract/contentPages';
import { config } from '../../config';
import type { ChannelKey } from '../../lib/channels';

export interface MediaTile {
  channel: ChannelKey;
  /** Overrides the channel label where two channels share one ("Online"). */
  title: string;
  blurb: string;
  href: string;
}

/** One home-page tile per media type of SPEC section 3, each leading to where it is bought. */
export const MEDIA_TILES: readonly MediaTile[] = [
  {
    channel: 'printmag',
    title: 'Magazines',
    blurb: 'City magazines and regional editions of national titles.',
    href: '/shop/magazines',
  },
  {
    channel: 'tv',
    title: 'Linear TV',
    blurb: 'Spots on the local stations of every market.',
    href: '/shop/tv',
  },
  { channel: 'ctv', title: 'CTV', blurb: 'Streaming TV ads for the audience you pick.', href: '/shop/ctv' },
  {
    channel: 'dooh',
    title: 'Digital Out of Home',
    blurb: 'Billboards and screens where people wait and shop.',
    href: '/shop/out-of-home',
  },
  {
    channel: 'google',
    title: 'Online: Google',
    blurb: 'Display and search campaigns near your customers.',
    href: '/shop/websites',
  },
  {
    channel: 'gt',
    title: 'Online: GroundTruth',
    blurb: 'Mobile ads for people who visit the places you choose.',
    href: '/shop/websites',
  },
  {
    channel: 'eddm',
    title: 'Every Door Direct Mail',
    blurb: 'A postcard to every address on the routes you pick.',
    href: '/ads/direct-mail/?m=eddm',
  },
  {
    channel: 'abdm',
    title: 'Audience-based Direct Mail',
    blurb: 'Postcards only to the households that match.',
    href: '/shop/direct-mail',
  },
  {
    channel: 'email',
    title: 'Email',
    blurb: 'Dedicated blasts to opted-in subscriber lists.',
    href: '/shop/email',
  },
  {
    channel: 'custom',
    title: 'Custom',
    blurb: 'Ad design and video production by our studio.',
    href: designHelpPath(config.productName),
  },
];
