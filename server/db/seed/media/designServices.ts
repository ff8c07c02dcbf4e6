import { money, type SeedMedia } from './common';

/** Name, price (dollars) and description of each design service. */
const DESIGN_SERVICES: ReadonlyArray<[string, number, string]> = [
  [
    'Ad design: magazine full page',
    349,
    'Our designers build a print-ready full-page ad from your logo, photos and offer.',
  ],
  ['Ad design: magazine half page', 249, 'A print-ready half-page ad, two rounds of changes included.'],
  [
    'Ad design: digital banner set',
    299,
    'Banners in the five standard display sizes, static or animated, ready for Google and GroundTruth.',
  ],
  [
    'Ad design: postcard (6.25 × 9 in)',
    199,
    'Both sides of an every-door or audience mail postcard, print-ready.',
  ],
  [
    'Video ad: 15-second spot',
    1_200,
    'A 15-second spot from your footage or stock, with voice-over and captions.',
  ],
  ['Video ad: 30-second spot', 1_900, 'A 30-second spot for linear TV or streaming, broadcast-ready.'],
  ['Billboard & screen design', 249, 'Artwork sized for digital billboards and indoor screen networks.'],
  [
    'E-mail template design',
    279,
    'A responsive HTML e-mail for a dedicated blast, tested in major mail apps.',
  ],
];

/** Design services (the custom channel), national and undated. */
export function designServices(): SeedMedia[] {
  return DESIGN_SERVICES.map(([name, price, description], i) => ({
    mediacode: `CU-${String(i + 1).padStart(2, '0')}`,
    name,
    mediaType: 'custom',
    partner: null,
    prodcode: null,
    lifestyle: 'arts-culture',
    schedule: { kind: 'none' },
    unitPriceCents: money(price),
    unitLabel: 'per project',
    reach: 0,
    reachLabel: 'design service',
    image: `/images/media/custom-${(i % 3) + 1}.svg`,
    description,
  }));
}
