import type { DesignHelp } from '../../contract/content';

/**
 * The design-help offer at /info/ad-design-on-{product}/. Each package is to be sold as a `custom`
 * placement; its `mediacode` stays null until it is mapped to the catalogue.
 */
export const DESIGN_HELP: DesignHelp = {
  title: 'Ad design on Adlane',
  intro:
    'No designer? Our studio builds your ad to the exact specs of the placements you book, from a magazine page or a postcard to a full set of banners or a 15-second video. You send your logo, photos and offer; we send back files that are ready to run.',
  packages: [
    {
      name: 'Single ad',
      price: 249,
      includes: [
        'One static ad for one placement: a magazine page, a postcard (both sides), a billboard or screen design, or an HTML e-mail',
        'Built to the spec sheet of the placement you booked',
        'Two rounds of changes',
        'Print-ready or upload-ready files, plus a preview image',
      ],
      turnaround_business_days: 5,
      mediacode: null,
    },
    {
      name: 'Campaign kit',
      price: 599,
      includes: [
        'One design adapted to up to three channels, for example a postcard, display banners and a screen ad',
        'Display banners in all five standard sizes',
        'Three rounds of changes on the main design',
        'Layered source files on request',
      ],
      turnaround_business_days: 8,
      mediacode: null,
    },
    {
      name: 'Video spot',
      price: 1200,
      includes: [
        'A 15-second spot made from your footage, licensed stock footage or both',
        'Script writing and a professional voice-over',
        'Licensed music and captions',
        'Broadcast (ProRes) and streaming (MP4) files at -24 LKFS',
        'Two rounds of changes',
      ],
      turnaround_business_days: 10,
      mediacode: null,
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
        'A single ad takes 5 business days, a campaign kit 8 and a video spot 10, counted from the day we have all your materials. To leave time for changes, order at least 10 business days before your ad is due, or 15 for video.',
    },
    {
      question: 'What if I need more changes?',
      answer:
        'Extra rounds can be added to any package, and we tell you the price before we start. Fixing a mistake of ours never counts as a round.',
    },
    {
      question: 'Can you resize an ad I already have?',
      answer:
        'Yes. Adapting an existing design to one new placement is priced as a single ad, and to up to three as a campaign kit.',
    },
    {
      question: 'Do you make 30-second videos?',
      answer:
        'Yes. A 30-second spot, or filming at your location, is quoted separately; mention it when you order and we will reply with a price within one business day.',
    },
    {
      question: 'Who owns the finished ad?',
      answer:
        'You do, and you can run it anywhere. Stock photos, footage and music we license are licensed for your advertising, and layered source files are available on request.',
    },
  ],
};
