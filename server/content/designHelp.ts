import type { DesignHelp } from '../../contract/content';

/**
 * The design-help offer at /info/ad-design-on-{product}/. Each package is one of the catalogue's
 * `custom` placements (server/db/seed/catalogue.ts): its name and price come from there, so the offer
 * and the cart can never disagree; this file says what the package includes and how long it takes.
 */
export const DESIGN_HELP: DesignHelp = {
  title: 'Ad design on Adlane',
  summary:
    "Adlane's studio designs print ads, postcards, banners, screen artwork, e-mails and video spots to the exact specs of the placements you book.",
  intro:
    'No designer? Our studio builds your ad to the exact specs of the placements you book, from a magazine page or a postcard to a full set of banners or a 30-second spot. You send your logo, photos and offer; we send back files that are ready to run.',
  packages: [
    {
      mediacode: 'CU-01',
      includes: [
        'A full-page ad built to the trim, bleed and safe area of the magazine you booked',
        'Two rounds of changes',
        'A press-ready PDF/X-1a file, plus a preview image',
      ],
      turnaroundBusinessDays: 5,
    },
    {
      mediacode: 'CU-02',
      includes: [
        'A half-page ad, horizontal or vertical, to the size of the magazine you booked',
        'Two rounds of changes',
        'A press-ready PDF/X-1a file, plus a preview image',
      ],
      turnaroundBusinessDays: 4,
    },
    {
      mediacode: 'CU-03',
      includes: [
        'Banners in the five standard display sizes, static or animated',
        'Responsive ad assets (headlines, descriptions, images and logo) for Google',
        'Two rounds of changes on the main size',
      ],
      turnaroundBusinessDays: 5,
    },
    {
      mediacode: 'CU-04',
      includes: [
        'Both sides of a 6.25 × 9 in postcard, with the postal indicia and barcode clear zone in place',
        'Two rounds of changes',
        'A print-ready two-page PDF',
      ],
      turnaroundBusinessDays: 4,
    },
    {
      mediacode: 'CU-05',
      includes: [
        'A 15-second spot from your footage, licensed stock footage or both',
        'Script, professional voice-over, licensed music and captions',
        'Broadcast (ProRes) and streaming (MP4) files at -24 LKFS',
        'Two rounds of changes',
      ],
      turnaroundBusinessDays: 10,
    },
    {
      mediacode: 'CU-06',
      includes: [
        'A 30-second spot from your footage, licensed stock footage or both',
        'Script, professional voice-over, licensed music and captions',
        'A 15-second cut-down for streaming',
        'Broadcast (ProRes) and streaming (MP4) files at -24 LKFS',
        'Two rounds of changes',
      ],
      turnaroundBusinessDays: 12,
    },
    {
      mediacode: 'CU-07',
      includes: [
        'Artwork for the screen sizes of the networks you booked, one file per size',
        'Large type and high contrast, readable in a few seconds from the road or across a room',
        'Two rounds of changes',
      ],
      turnaroundBusinessDays: 5,
    },
    {
      mediacode: 'CU-08',
      includes: [
        'A responsive HTML e-mail with inline styles and hosted images, under 100 KB',
        'Tested in the major mail apps on desktop and phone',
        'Subject line and preview text suggestions',
        'Two rounds of changes',
      ],
      turnaroundBusinessDays: 5,
    },
  ],
  steps: [
    {
      title: 'Book your placement',
      body: 'Choose the magazine issue, mailing, screens or flight first, so we know the exact size and deadline to design for. If you have not decided yet, tell us what you plan to book.',
    },
    {
      title: 'Add a design package',
      body: 'Add the package to the same cart. It has no date of its own: we schedule the work from the earliest materials deadline in your order.',
    },
    {
      title: 'Send your materials',
      body: 'Within one business day of your order we e-mail you a short brief. Reply with your logo, photos, offer and any wording you must include; the turnaround starts when we have everything.',
    },
    {
      title: 'Review the drafts',
      body: 'We send the first draft as a PDF, image or preview video. Reply with one list of changes per round, within two business days to stay on schedule.',
    },
    {
      title: 'Approve and run',
      body: 'When you approve, we deliver the final files to your placement and e-mail you a copy to keep.',
    },
  ],
  faq: [
    {
      question: 'Can I order design without booking a placement?',
      answer:
        'Yes. Tell us what you plan to book and we design to its spec sheet; if you have not decided, we build to the most common size for that channel.',
    },
    {
      question: 'How long does it take?',
      answer:
        'Each package shows its turnaround: from 4 business days for a postcard to 12 for a 30-second spot, counted from the day we have all your materials. To leave time for changes, order at least 10 business days before your ad is due, or 15 for video.',
    },
    {
      question: 'What if I need more changes?',
      answer:
        'Extra rounds can be added to any package, and we tell you the price before we start. Fixing a mistake of ours never counts as a round.',
    },
    {
      question: 'Can you resize an ad I already have?',
      answer:
        'Yes. Adapting an existing design to a new placement is priced as the design for that placement, and usually comes back a day sooner.',
    },
    {
      question: 'Can you film at my location?',
      answer:
        'Yes, as a quoted add-on to either video package. Mention it when you order and we reply with a price within one business day.',
    },
    {
      question: 'Who owns the finished ad?',
      answer:
        'You do, and you can run it anywhere. Stock photos, footage and music we license are licensed for your advertising, and layered source files are available on request.',
    },
  ],
};
