/**
 * SPEC.md section 2, written out here independently of the app's own tables so tests check one against
 * the other. Email goes to the e-mail placements, as every channel does, not to its spec sheet (issue 28).
 */
export const TOP_LINKS = [
  ['Magazines', '/shop/magazines'],
  ['Online', '/shop/websites'],
  ['Out of Home', '/shop/out-of-home'],
  ['Email', '/shop/email'],
] as const;

export const DROPDOWNS = {
  TV: [
    ['Linear TV', '/shop/tv'],
    ['CTV', '/shop/ctv'],
  ],
  'Direct Mail': [
    ['Every Door Direct Mail', '/ads/direct-mail/?m=eddm'],
    ['Audience Based Direct Mail', '/shop/direct-mail'],
    ['Daily Mailers', '/specs/direct-mail-daily-mailers'],
    ['Website to Mailbox', '/specs/website-to-mailbox'],
  ],
  Resources: [
    ['Specs', '/specs'],
    ['Resource Hub', '/info/resources'],
    ['Design help', '/info/ad-design-on-adlane/'],
  ],
} as const;

export const HEADER_ORDER = ['Magazines', 'Online', 'TV', 'Out of Home', 'Direct Mail', 'Email', 'Resources'];
