import type { SpecSheet } from '../../contract/content';
import { requirementRows, requirementsOf } from '../../contract/specRequirements';

/**
 * The spec sheets under /specs: what each kind of placement needs from the advertiser, and by when.
 * At least one sheet per channel; the header links straight to the e-mail, daily mailer and
 * website-to-mailbox sheets (SPEC section 2), so those slugs must not change.
 */

const UPDATED = '2026-11-16';

/**
 * The materials deadlines the main sheets quote, one wording per way a product is dated. They must say
 * the same as the "ad due" dates the quote shows; the e-mail, daily mailer and website-to-mailbox
 * sheets word the same rules for their own dates.
 */
const ISSUE_ARTWORK_DUE = '31 days before the first day of the issue month (the "ad due" date of your quote)';
const FLIGHT_CREATIVE_DUE =
  'The Friday before the Monday the flight starts (the "ad due" date of your quote)';
const MAILING_ARTWORK_DUE = 'The Friday before the Monday of the drop week (the "ad due" date of your quote)';

/** Paragraphs of a section body, separated by blank lines. */
const body = (...paragraphs: string[]) => paragraphs.join('\n\n');
/** A bullet list as one paragraph: one "- " line per item. */
const bullets = (...items: string[]) => items.map((item) => `- ${item}`).join('\n');

const PRINT_FILE = 'PDF/X-1a, fonts embedded, transparency flattened';
const MAIL_STOCK = '14 pt cover, UV gloss on the front, matte address side';
const BARCODE_CLEAR_ZONE = 'Bottom 0.625 in of the address side, 4.75 in in from the right edge, left empty';
const BROADCAST_LOUDNESS = '-24 LKFS integrated (±2 dB), true peak no higher than -2 dBTP';

export const SPEC_SHEETS: readonly SpecSheet[] = [
  {
    slug: 'magazine-print-ads',
    title: 'Magazine print ads',
    mediaType: 'printmag',
    summary:
      'Page size, bleed, colour and file requirements for full-page ads in the city and regional magazines on Adlane.',
    sections: [
      {
        heading: 'Before you start',
        body: body(
          'Every magazine lists its exact trim size on its placement page. Most city and regional titles use a trim close to 8.375 × 10.875 in, and the numbers on this sheet assume that size; if the title you booked differs, build to its size and keep the same bleed and safe-area rules.',
          'You send one finished file per ad, best a PDF, from the Upload button of the order’s run. It is checked against this sheet and the title’s trim the moment it arrives, and the checks say what to fix; approve it once it passes. Send it early enough to leave room for a second try.',
        ),
      },
      {
        heading: 'Building the page',
        body: bullets(
          'Set the document to the trim size and add 0.125 in of bleed on all four sides.',
          'Run background colours and photos all the way into the bleed; everything there is trimmed off.',
          'Keep text, logos, phone numbers and web addresses at least 0.25 in inside the trim. Perfect-bound titles lose a little at the spine, so allow 0.5 in on the gutter side.',
          'Crop marks are optional; if you include them, offset them so they sit outside the bleed.',
        ),
      },
      {
        heading: 'Colour and images',
        body: body(
          'Magazines print in four-colour process (CMYK). Convert RGB photos and spot (Pantone) colours to CMYK before you export, or colours will shift on press. Keep total ink coverage at or below 300%.',
          'Photos need 300 ppi at the size they appear on the page. An image saved from a website is usually 72 ppi and prints soft and blocky. For large black areas use a rich black such as C60 M40 Y40 K100, but set text in 100% black only so it stays sharp.',
        ),
      },
      {
        heading: 'Exporting and proofs',
        body: body(
          'Export a PDF/X-1a file, one page per file, no spreads. Name it after the magazine and issue, for example city-magazine-2027-03.pdf, so it is matched to the right order.',
          'After preflight we send a soft proof: a PDF of what will print. Colour on a screen is only a guide; if an exact colour matters, tell us and we will ask the publisher about a printed proof. Changes after the artwork deadline are up to the publisher and cannot be promised.',
        ),
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('magazine-print-ads')),
      { label: 'Ad size', value: 'Full page; each title states its exact trim on its placement page' },
      { label: 'PDF settings', value: PRINT_FILE },
      { label: 'Ink', value: 'Total ink coverage 300% or less' },
      { label: 'Line art', value: '1200 ppi for one-colour line art' },
      { label: 'Safe area', value: '0.25 in inside the trim; 0.5 in on the gutter side' },
      { label: 'Black', value: 'Rich black (C60 M40 Y40 K100) for large areas; 100% K for text' },
    ],
    deadlines: [
      { label: 'Issue date', rule: 'The first day of the issue month: the March issue is dated March 1' },
      { label: 'Artwork due', rule: ISSUE_ARTWORK_DUE },
      { label: 'Ad design by our studio', rule: 'Order at least 10 business days before the artwork is due' },
    ],
    shopPath: '/shop/magazines',
    updatedAt: UPDATED,
  },
  {
    slug: 'linear-tv-spots',
    title: 'Linear TV spots',
    mediaType: 'tv',
    summary:
      'Length, video, audio and loudness requirements for spots on local broadcast stations, and when they are due.',
    sections: [
      {
        heading: 'How a flight works',
        body: body(
          'TV on Adlane is booked by flight week. A flight week runs Monday to Sunday, and your spots air in the daypart you chose when you booked.',
          'Stations sell time in 30-second units. If your spot is 15 seconds, ask us before booking: not every station runs a 15-second spot on its own, and some pair two of them from the same advertiser.',
        ),
      },
      {
        heading: 'Getting the spot ready',
        body: body(
          'Each spot needs an industry ID code (an Ad-ID) that stations use to log what aired. If you do not have one, we assign one when we send the spot to the station.',
          bullets(
            'Exact length: 15.00 or 30.00 seconds of programme, with no bars, tone, slate or countdown in the file.',
            'Open and close on a clean frame rather than mid-motion; stations cut to the frame.',
            'Keep titles, phone numbers and web addresses inside title safe (the centre 90% of the frame).',
            'Show your business name clearly: viewers must be able to tell who is advertising.',
          ),
        ),
      },
      {
        heading: 'Loudness',
        body: 'US stations must keep commercials at the same average loudness as the programmes around them (the CALM Act, measured under ATSC A/85). Mix to -24 LKFS integrated, within 2 dB, with true peaks no higher than -2 dBTP. A spot that is too loud is turned down or sent back, and a mix that relies on volume to stand out sounds flat once it is corrected.',
      },
      {
        heading: 'Captions',
        body: 'Captions are strongly recommended: many people watch in gyms, bars and waiting rooms with the sound off, and some stations ask for them. Embed CEA-608/708 captions in the file, or burn them in inside title safe.',
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('linear-tv-spots')),
      { label: 'Audio', value: 'Stereo, 48 kHz, 24-bit PCM' },
      { label: 'Loudness', value: BROADCAST_LOUDNESS },
      { label: 'Safe areas', value: 'Action safe 93%, title safe 90% of the frame' },
      { label: 'Slate', value: 'None in the file: no bars, tone, slate or countdown' },
      { label: 'Captions', value: 'Recommended: embedded CEA-608/708, or burned in inside title safe' },
    ],
    deadlines: [
      { label: 'Flight week', rule: 'Monday to Sunday' },
      { label: 'Finished spot due', rule: FLIGHT_CREATIVE_DUE },
      { label: 'New or replacement spot', rule: '5 business days before the Monday it should start airing' },
      {
        label: 'Video production by our studio',
        rule: 'Order at least 20 business days before the flight starts',
      },
    ],
    shopPath: '/shop/tv',
    updatedAt: UPDATED,
  },
  {
    slug: 'connected-tv-ads',
    title: 'Connected TV ads',
    mediaType: 'ctv',
    summary: 'File, length and loudness requirements for non-skippable ads on streaming apps and smart TVs.',
    sections: [
      {
        heading: 'Where the ads run',
        body: body(
          'Connected TV (CTV) ads play full-screen inside streaming apps on smart TVs, streaming sticks and game consoles, in the same breaks as national advertisers. Viewers cannot skip them and cannot click them, so the ad has to deliver your message and the next step on its own.',
          'You buy impressions, one each time the ad starts playing on a household screen, in blocks of 10,000 per flight week.',
        ),
      },
      {
        heading: 'Preparing the file',
        body: body(
          'Streaming platforms re-encode your file into several smaller versions, so send the best file you have, not a compressed copy downloaded from a phone or a social network.',
          bullets(
            'No black slate, bars, tone or countdown: the ad must open on picture.',
            'No more than half a second of black or silence at either end.',
            'One constant frame rate throughout; do not mix frame rates in the edit.',
            'A spot that meets the linear TV sheet can usually be exported again for CTV in minutes.',
          ),
        ),
      },
      {
        heading: 'Telling viewers what to do',
        body: 'Because nobody can click, give people something easy to act on: a short web address, a phone number held on screen for at least three seconds, or a QR code. A QR code should be at least 200 × 200 px in a 1920 × 1080 frame, sit on a plain light background and stay on screen for five seconds or more.',
      },
      {
        heading: 'Audio',
        body: 'Mix to -24 LKFS, the same target as broadcast. Streaming apps even out loudness between ads and shows, so a louder mix gains nothing and may be rejected.',
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('connected-tv-ads')),
      { label: 'Video bitrate', value: 'At least 10 Mbps; 15 to 30 Mbps preferred' },
      { label: 'Audio', value: 'Stereo AAC (192 kbps or more) or PCM, 48 kHz' },
      { label: 'Loudness', value: BROADCAST_LOUDNESS },
      { label: 'Slates', value: 'None: no black slate, bars, tone or countdown' },
      { label: 'Clickable elements', value: 'None; use a QR code, phone number or short web address' },
    ],
    deadlines: [
      { label: 'Flight week', rule: 'Monday to Sunday' },
      { label: 'Finished ad due', rule: FLIGHT_CREATIVE_DUE },
      {
        label: 'Swapping the ad mid-campaign',
        rule: '5 business days before the Monday the new version starts',
      },
    ],
    shopPath: '/shop/ctv',
    updatedAt: UPDATED,
  },
  {
    slug: 'digital-billboards',
    title: 'Digital billboards and screens',
    mediaType: 'dooh',
    summary:
      'Screen sizes, file formats and design rules for roadside digital billboards and indoor screen networks.',
    sections: [
      {
        heading: 'Two kinds of screen',
        body: body(
          'Roadside digital billboards show a still image in rotation with other advertisers, changing every 8 seconds on most boards. Indoor networks in gyms, airports, gas stations and grocery checkouts show still images or short silent videos, usually in 10-second slots.',
          'Each network lists its exact pixel sizes and slot length on its placement page. If you book several networks, send one file per size: we never stretch or crop artwork to make it fit.',
        ),
      },
      {
        heading: 'Designing for a glance',
        body: bullets(
          'Seven words or fewer on roadside boards; a driver has a second or two.',
          'One image, one message, one logo.',
          'Strong contrast: light on dark or dark on light, and no thin or script fonts.',
          'No text smaller than 54 px tall on a screen 1080 px high.',
          'Skip phone numbers and long web addresses roadside; a name and a landmark ("Next exit", "Main & 5th") work harder.',
        ),
      },
      {
        heading: 'Motion and sound',
        body: 'Roadside boards take still images only: state and local sign rules generally forbid video, animation and flashing on signs facing traffic. Indoor screens accept MP4 video but play it silently, so anything that matters has to be written on screen. Nowhere may an ad flash more than three times in any one second.',
      },
      {
        heading: 'Approval',
        body: 'Screen owners review every ad before it runs. They decline artwork that could be mistaken for a traffic signal (red, amber and green lights, stop signs, arrows telling drivers to turn) and content their local rules do not allow. We pass on any note the same business day.',
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('digital-billboards')),
      { label: 'Slot length', value: '8 seconds roadside, 10 seconds on most indoor networks' },
      { label: 'Text', value: 'Seven words or fewer roadside; nothing under 54 px tall at 1080 px' },
    ],
    deadlines: [
      { label: 'Flight week', rule: 'Monday to Sunday' },
      { label: 'Artwork due', rule: FLIGHT_CREATIVE_DUE },
      { label: 'New artwork during a flight', rule: '5 business days before the Monday it should start' },
    ],
    shopPath: '/shop/out-of-home',
    updatedAt: UPDATED,
  },
  {
    slug: 'online-display-ads',
    title: 'Online display ads',
    mediaType: 'google',
    summary:
      'Banner sizes, file limits and responsive ad assets for the Google display campaigns sold on Adlane.',
    sections: [
      {
        heading: 'Banners, responsive ads or both',
        body: 'You can send finished banners in the standard sizes below, or send the parts (headlines, descriptions, images and a logo) and let Google assemble responsive ads that fit any space. Most local campaigns do best with both: banners control the look, responsive ads reach more sites and apps. If you send only one, send the responsive assets.',
      },
      {
        heading: 'Banner rules',
        body: bullets(
          'Send every size in the list if you can; 300 × 250, 728 × 90 and 320 × 50 cover most placements.',
          'Keep each file to 150 KB or less.',
          'Give a white or very light banner a visible 1 px border so it does not melt into the page.',
          'Animation may run for up to 30 seconds and must then stop; GIFs run at 5 frames a second or slower.',
          'End on a frame that shows your name, the offer and a button-style call to action.',
        ),
      },
      {
        heading: 'Responsive assets',
        body: 'Text limits count characters, spaces included. Write headlines that make sense in any order, because Google combines them. Keep images free of text: Google crops them to fit, and words near an edge get cut.',
      },
      {
        heading: 'Landing page',
        body: "Ads must open a working page on your own site that matches the ad: if the ad promises 20% off, the page has to show it. Google's review, which usually takes a business day, rejects pages that are unfinished, slow on a phone or start a download.",
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('online-display-ads')),
      { label: 'Animation', value: '30 seconds at most, then stop; GIFs at 5 fps or slower' },
      { label: 'Responsive images', value: '1200 × 628 (1.91:1) and 1200 × 1200 (1:1), 5 MB each at most' },
      { label: 'Logo', value: '1200 × 1200 (1:1); 1200 × 300 (4:1) optional' },
      { label: 'Headlines', value: 'Up to 5, each 30 characters or fewer' },
      { label: 'Long headline', value: '90 characters or fewer' },
      { label: 'Descriptions', value: 'Up to 5, each 90 characters or fewer' },
      { label: 'Business name', value: '25 characters or fewer' },
    ],
    deadlines: [
      { label: 'Flight week', rule: 'Monday to Sunday' },
      { label: 'Ads due', rule: FLIGHT_CREATIVE_DUE },
      { label: 'Changes during a flight', rule: '5 business days before the Monday they should start' },
    ],
    shopPath: '/shop/websites',
    updatedAt: UPDATED,
  },
  {
    slug: 'google-search-ads',
    title: 'Google search ads',
    mediaType: 'google',
    summary:
      'Headline, description and keyword requirements for search ads shown when people nearby search for what you sell.',
    sections: [
      {
        heading: 'How search campaigns work',
        body: 'Search ads appear above and below the results when someone in your area searches for words you choose. You book by the week on Adlane; we set the bids, the area and the schedule, and you supply the words. A good search ad repeats what the searcher typed, gives one reason to choose you and says what to do next.',
      },
      {
        heading: 'What to send',
        body: bullets(
          'Up to 15 headlines and 4 descriptions; we need at least 3 headlines and 2 descriptions.',
          '10 to 20 words or phrases your customers would type, and any words you never want to show for, such as "jobs" or "free".',
          'The page each ad should open, and your phone number if you want calls.',
          'Your opening hours, so call ads pause when nobody can answer.',
        ),
      },
      {
        heading: 'Editorial rules',
        body: 'Google rejects ads with needless capitals ("FREE"), repeated punctuation, emoji, or a phone number typed into the ad text, and claims such as "best in town" that the page does not back up. Phone numbers go in the call extension, not a headline.',
      },
    ],
    specs: [
      { label: 'Headlines', value: '3 to 15, each 30 characters or fewer' },
      { label: 'Descriptions', value: '2 to 4, each 90 characters or fewer' },
      { label: 'Display path', value: 'Two fields of 15 characters each' },
      { label: 'Sitelinks', value: 'Link text 25 characters; two description lines of 35 characters' },
      { label: 'Callouts', value: '25 characters each' },
      { label: 'Keywords', value: '10 to 20 phrases recommended; negative keywords welcome' },
      { label: 'Landing page', value: 'https, on your own domain, quick to load on a phone' },
    ],
    deadlines: [
      { label: 'Flight week', rule: 'Monday to Sunday' },
      { label: 'Ad text and keywords due', rule: FLIGHT_CREATIVE_DUE },
      { label: 'Changes during a flight', rule: '5 business days before the Monday they should start' },
    ],
    shopPath: '/shop/websites',
    updatedAt: UPDATED,
  },
  {
    slug: 'geofencing-ads',
    title: 'Geofencing ads (GroundTruth)',
    mediaType: 'gt',
    summary:
      'How geofences are drawn, which banner sizes run in mobile apps and how store visits are measured.',
    sections: [
      {
        heading: 'How geofencing works',
        body: "GroundTruth shows ads in mobile apps to people whose phones have been seen at the places you choose: a competitor's stores, an event venue, a business park, a set of gyms. Locations come from apps in which people have agreed to share where they are. You can reach people while they are at a place, or for up to 30 days after they were there.",
      },
      {
        heading: 'Drawing the fences',
        body: bullets(
          'Pick places, not areas: a fence follows the outline of a building or its car park, not a circle around a zip code.',
          'Up to 50 locations per campaign; 10 or more give it enough people to learn from.',
          'Small places mean few phones: one shop may see only a few hundred devices a month, so we usually add similar places nearby.',
          'We do not target sensitive places such as hospitals and clinics, places of worship or shelters.',
        ),
      },
      {
        heading: 'Measuring store visits',
        body: 'Give us your own store addresses and GroundTruth counts phones that saw an ad and later walked into one of them. Visits are estimated from a sample of devices, so read them as a trend rather than a head count, and allow at least four weeks before judging. Each week is reported the following week.',
      },
      {
        heading: 'Creative',
        body: 'Mobile banners are small: one short message, a logo and a button. Where the sizes match, the banners from a Google display campaign can be used as they are.',
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('geofencing-ads')),
      { label: 'Animation', value: '30 seconds at most, then stop' },
      { label: 'Locations', value: 'Up to 50 per campaign' },
      { label: 'Look-back', value: 'Up to 30 days after a visit' },
      {
        label: 'Visit reporting',
        value: 'Needs your store addresses; weekly, estimated from a device sample',
      },
      { label: 'Landing page', value: 'Mobile-friendly https page on your own domain' },
    ],
    deadlines: [
      { label: 'Flight week', rule: 'Monday to Sunday' },
      { label: 'Locations and banners due', rule: FLIGHT_CREATIVE_DUE },
      { label: 'Adding or removing locations', rule: '5 business days before the Monday the change applies' },
    ],
    shopPath: '/shop/websites',
    updatedAt: UPDATED,
  },
  {
    slug: 'every-door-direct-mail',
    title: 'Every Door Direct Mail postcards',
    mediaType: 'eddm',
    summary:
      'Postcard size, layout and mailing rules for Every Door Direct Mail, delivered to every address on the routes you pick.',
    sections: [
      {
        heading: 'How it works',
        body: 'Every Door Direct Mail (EDDM) is a USPS service. Instead of a name and address, each postcard is addressed to the postal customer on a carrier route, and the carrier delivers one to every address on the route (or every home, if you leave out businesses). You pick routes on the map in the planner; we print, bundle and hand the postcards to the post offices that serve them.',
      },
      {
        heading: 'Why 6.25 × 9 in',
        body: 'EDDM pieces must be flats: larger than a standard letter in at least one direction. A 6.25 × 9 in card qualifies because it is taller than 6.125 in, and it is the most economical size that does. It also gives you two full sides to work with.',
      },
      {
        heading: 'The address side',
        body: bullets(
          'Keep the top-right corner clear, an area 4 in wide and 2 in high: we print the postage indicia and the "Local Postal Customer" line there.',
          'Put your logo and return address in the top left.',
          'The rest is yours: a second photo, a map, a coupon.',
          'Add no names, addresses or barcodes; EDDM cards carry none.',
        ),
      },
      {
        heading: 'Timing',
        body: 'We hand the postcards to the post offices early in the drop week you booked, and carriers deliver them over the following days. Start your offer no earlier than the Thursday of the drop week, and give it a deadline at least two weeks later so late readers can still act.',
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('every-door-direct-mail')),
      { label: 'PDF settings', value: PRINT_FILE },
      { label: 'Safe area', value: '0.25 in inside the trim' },
      { label: 'Stock', value: MAIL_STOCK },
      { label: 'Indicia area', value: 'Top right of the address side, 4 × 2 in, kept clear' },
      {
        label: 'USPS flat size',
        value:
          'Over 6.125 in high, over 10.5 in long or over 0.25 in thick; at most 12 × 15 in, 0.75 in thick, 3.3 oz',
      },
      { label: 'Quantity', value: 'Set by the routes you pick: every address, or homes only' },
    ],
    deadlines: [
      { label: 'Artwork due', rule: MAILING_ARTWORK_DUE },
      { label: 'Route changes', rule: 'Until the artwork is due' },
      { label: 'Proof approval', rule: '7 days before the Monday of the drop week' },
      { label: 'Drop week', rule: 'Monday to Friday of the week you booked' },
    ],
    shopPath: '/ads/direct-mail/?m=eddm',
    updatedAt: UPDATED,
  },
  {
    slug: 'audience-direct-mail',
    title: 'Audience-based direct mail',
    mediaType: 'abdm',
    summary:
      'Postcard size, address-side layout and list rules for audience mail sent only to the households that match.',
    sections: [
      {
        heading: 'How it works',
        body: 'Audience mail goes only to households on the list you choose, such as new movers, homeowners or pet owners, inside the zip codes you pick. Each card is printed with the household address, presorted and mailed as USPS Marketing Mail. You see counts before you buy, never the names.',
      },
      {
        heading: 'The address side',
        body: bullets(
          'Leave an area at least 4 × 2.5 in clear on the right half for the address block, which we print.',
          'Keep the bottom 0.625 in empty for 4.75 in from the right edge: the USPS barcode goes there.',
          'Leave the top-right 1.5 × 1 in clear for postage.',
          'Put your logo and return address in the top left.',
        ),
      },
      {
        heading: 'About the lists',
        body: body(
          'Lists are compiled from public records and opt-in consumer data, refreshed monthly, and checked against the USPS change-of-address file before every mailing.',
          'Each list is rented for one drop: you may not copy or re-mail it. Households that respond to you become your own customers. To leave out people who already buy from you, send a CSV of their addresses and we remove them before printing.',
        ),
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('audience-direct-mail')),
      { label: 'PDF settings', value: PRINT_FILE },
      { label: 'Safe area', value: '0.25 in inside the trim' },
      { label: 'Stock', value: MAIL_STOCK },
      {
        label: 'Address block',
        value: 'Printed by us; keep 4 × 2.5 in clear on the right of the address side',
      },
      { label: 'Barcode clear zone', value: BARCODE_CLEAR_ZONE },
      { label: 'Postage', value: 'USPS Marketing Mail, presorted; indicia printed by us' },
      { label: 'Quantity', value: '1,000 to 50,000 postcards per drop, in steps of 1,000' },
    ],
    deadlines: [
      { label: 'Artwork due', rule: MAILING_ARTWORK_DUE },
      { label: 'Customer list to leave out', rule: MAILING_ARTWORK_DUE },
      { label: 'Proof approval', rule: '7 days before the Monday of the drop week' },
      { label: 'Drop week', rule: 'Monday to Friday of the week you booked' },
    ],
    shopPath: '/shop/direct-mail',
    updatedAt: UPDATED,
  },
  {
    slug: 'direct-mail-daily-mailers',
    title: 'Daily Mailers',
    mediaType: 'abdm',
    summary:
      'Sizes, stock and mailing windows for Daily Mailers, postcards printed every business day for the newest households on your list.',
    sections: [
      {
        heading: 'What a Daily Mailer is',
        body: 'Most mailings go out once, in the drop week you book. A Daily Mailer runs continuously instead: every business day, the households that joined your audience since the day before (new movers, new homeowners, families that just arrived in your zip codes) are sent your postcard. They hear from you within days, often before they have picked a dentist, a plumber or a pizza place.',
      },
      {
        heading: 'Choosing a size',
        body: body(
          bullets(
            '4 × 6 in: the lowest cost per card, room for one offer.',
            '6 × 9 in: the most popular, with room for a photo, an offer and a map.',
            '6 × 11 in: the most space, and it stands out in a stack of letters.',
          ),
          "All three travel as First-Class Mail, because a day's cards are too few for the bulk Marketing Mail rates.",
        ),
      },
      {
        heading: 'Mailing windows',
        body: body(
          "Each day's new households are printed the next business day and mailed First-Class, so cards usually arrive 2 to 5 business days later. Printing pauses on USPS holidays and catches up the next business day.",
          'Because volume depends on how many households join the list, you set a monthly cap. When the month reaches it, mailing pauses until the first of the next month.',
        ),
      },
      {
        heading: 'Changing the card',
        body: 'You can change the design at any time; the new version prints from the first run after you approve its proof. Seasonal versions, such as a summer and a winter card, can be scheduled in advance.',
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('direct-mail-daily-mailers')),
      { label: 'PDF settings', value: PRINT_FILE },
      { label: 'Safe area', value: '0.25 in inside the trim' },
      { label: 'Stock', value: `${MAIL_STOCK}; 16 pt available for 6 × 11 in` },
      {
        label: 'Address block',
        value: 'Printed by us; keep the right half of the address side below the postage clear',
      },
      { label: 'Barcode clear zone', value: BARCODE_CLEAR_ZONE },
      { label: 'Postage', value: 'First-Class Mail; indicia printed by us' },
      { label: 'Volume', value: 'A monthly cap you set; no minimum per day' },
    ],
    deadlines: [
      { label: 'Artwork due', rule: 'The Friday before the Monday of the first mailing week' },
      { label: 'Printing', rule: "Every business day, for the previous day's new households" },
      { label: 'Design changes', rule: 'From the first print run after the new proof is approved' },
      { label: 'Monthly cap changes', rule: 'From the first day of the next month' },
    ],
    shopPath: '/shop/direct-mail',
    updatedAt: UPDATED,
  },
  {
    slug: 'website-to-mailbox',
    title: 'Website to Mailbox',
    mediaType: 'abdm',
    summary:
      "How Website to Mailbox matches your site's visitors to postal addresses and mails them a postcard, with pixel, postcard and timing details.",
    sections: [
      {
        heading: 'How matching works',
        body: body(
          "You add a small piece of code (a pixel) to your website. When someone browses the site, the pixel passes the visit to our data partner, which compares signals such as the device and browser with its own opt-in consumer data. When it finds the visitor's household with confidence, it returns a postal address; when it does not, nothing is mailed.",
          'Match rates depend on your traffic: many sites see between one in ten and one in three US visitors matched. Visitors outside the US and known bots are ignored.',
        ),
      },
      {
        heading: 'Installing the pixel',
        body: bullets(
          'Add the snippet to every page, just before the closing </head> tag, or load it through Google Tag Manager.',
          'Add the conversion event to your thank-you or order-confirmation page, so people who already bought are not mailed.',
          'Update your privacy policy to say you use a service that may send mail to visitors, and how to opt out; we provide suggested wording.',
          'The pixel does not read form fields or payment details.',
        ),
      },
      {
        heading: 'Who gets a postcard',
        body: 'You choose which visits count, for example anyone who viewed a product page or stayed more than 30 seconds. Each household gets at most one postcard every 30 days, however often it visits. Buyers (the conversion event) and addresses on your own do-not-mail list are skipped. Website to Mailbox is not available for sites whose content would reveal something sensitive about a visitor, such as a health condition or money trouble.',
      },
      {
        heading: 'Postcard and timing',
        body: "The postcard is a 6 × 9 in card in full colour, mailed First-Class. Matches are collected through the day and printed the next business day, so most cards reach the mailbox 3 to 6 business days after the visit, while your site is still fresh in the visitor's mind. You never receive names or addresses; your report shows daily counts of visits, matches and cards mailed.",
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('website-to-mailbox')),
      { label: 'PDF settings', value: PRINT_FILE },
      {
        label: 'Pixel',
        value: 'Asynchronous JavaScript snippet under 10 KB; Google Tag Manager template available',
      },
      { label: 'Matching', value: 'US visitors only; one household postal address per match' },
      { label: 'Frequency cap', value: 'One postcard per household every 30 days' },
      { label: 'Stock', value: MAIL_STOCK },
      { label: 'Barcode clear zone', value: BARCODE_CLEAR_ZONE },
      { label: 'Postage', value: 'First-Class Mail; address and indicia printed by us' },
      { label: 'Reporting', value: 'Daily counts of visits, matches and postcards mailed' },
    ],
    deadlines: [
      { label: 'Artwork due', rule: 'The Friday before the Monday of the first mailing week' },
      {
        label: 'Pixel installed',
        rule: 'By the same date, so we can confirm it fires before mailing starts',
      },
      { label: 'Printing', rule: "Every business day, for the previous day's matches" },
      { label: 'Design changes', rule: 'From the first print run after the new proof is approved' },
    ],
    shopPath: '/shop/direct-mail',
    updatedAt: UPDATED,
  },
  {
    slug: 'dedicated-email-blasts',
    title: 'Dedicated e-mail blasts',
    mediaType: 'email',
    summary:
      'Subject line, HTML, image, link and approval rules for a dedicated e-mail sent once to a rented opt-in list.',
    sections: [
      {
        heading: 'How a dedicated blast works',
        body: 'A dedicated blast is your own e-mail, sent once by a list owner to subscribers who opted in to receive offers. You never see or receive the list. The list owner sends from its own address with its name in the From line, adds a short line above your message saying it is sponsored, and puts its unsubscribe link and postal address at the bottom.',
      },
      {
        heading: 'Building the HTML',
        body: bullets(
          '600 px wide (640 px at most), laid out with tables and inline CSS.',
          'Under 100 KB of HTML: Gmail clips longer messages and hides the rest behind a link.',
          'No JavaScript, forms, embedded video or attachments.',
          'Live text for the headline and the offer, not one large image: many readers first see your e-mail with images off.',
          'Alt text on every image.',
          'Your business name and postal address in the footer.',
        ),
      },
      {
        heading: 'Images',
        body: 'Send the images with the HTML in one ZIP, referenced by relative paths, and we host them and rewrite the links before the send. Do not point to images on your own server or embed them as base64 code; mail apps block or clip both.',
      },
      {
        heading: 'Subject line and preview text',
        body: 'Keep the subject line to 50 characters or fewer so it shows in full on a phone, and keep it honest: the CAN-SPAM Act forbids subject lines that mislead about the content. All capitals, "!!!" and a pile of words like "free" raise spam scores. Add preview text (the preheader) of 40 to 100 characters.',
      },
      {
        heading: 'Links',
        body: 'Use up to 20 links, all https, pointing to your own domain. Link shorteners such as bit.ly are not allowed, because spam filters distrust them. Add UTM tags so the visits show up in your analytics; the list owner may add its own click tracking on top.',
      },
      {
        heading: 'Send-time windows',
        body: "Blasts go out Tuesday to Thursday between 9 a.m. and 2 p.m. in the list's main time zone, during the week you booked. You can ask for a preferred day; the exact time is confirmed with the proof. Nothing is sent on a federal holiday.",
      },
      {
        heading: 'Approval and seed tests',
        body: 'Two business days before the send, the list owner sends a test to up to 5 seed addresses you give us. Open it on a phone and on a computer, click every link, and approve it by replying to the proof e-mail by 12 p.m. Eastern on the business day before the send. Without approval the blast moves to the next open date; it is never sent unapproved. The list owner may ask for changes to meet its own standards.',
      },
      {
        heading: 'List rental rules',
        body: bullets(
          'The list is rented for one send: you may not copy, keep or mail it again.',
          'Lists contain decoy addresses, so any misuse is noticed.',
          'People who click through and then sign up or buy from you become your own contacts.',
          'Not accepted: adult content, firearms, tobacco and vaping, cannabis, gambling, payday loans, crypto investments and political campaigns.',
          'Opens and clicks are reported 72 hours after the send. Some mail apps load images automatically and inflate opens, so judge a blast by its clicks.',
        ),
      },
    ],
    specs: [
      ...requirementRows(requirementsOf('dedicated-email-blasts')),
      { label: 'Layout', value: 'Table layout, inline CSS' },
      { label: 'Images', value: 'JPG, PNG or GIF, hosted by us; 1 MB each at most, 200 KB recommended' },
      { label: 'Alt text', value: 'Required on every image' },
      { label: 'Subject line', value: '50 characters or fewer recommended; 70 at most' },
      { label: 'Preview text', value: '40 to 100 characters' },
      { label: 'From name', value: "The list owner's name; the e-mail is sent on your behalf" },
      { label: 'Links', value: 'Up to 20, all https, no link shorteners' },
      {
        label: 'Compliance',
        value:
          'CAN-SPAM: honest subject line and your postal address; the list owner adds the unsubscribe link',
      },
      { label: 'Seed addresses', value: 'Up to 5' },
    ],
    deadlines: [
      { label: 'HTML and images due', rule: 'The Friday before the Monday of the send week' },
      { label: 'Seed test', rule: '2 business days before the send' },
      { label: 'Approval', rule: 'By 12 p.m. Eastern on the business day before the send' },
      { label: 'Send window', rule: 'Tuesday to Thursday of the booked week, 9 a.m. to 2 p.m. list time' },
    ],
    shopPath: '/shop/email',
    updatedAt: UPDATED,
  },
  {
    slug: 'ad-design-service',
    title: 'Ad design service',
    mediaType: 'custom',
    summary: 'What to send our studio, what you get back and how long ad design and video production take.',
    sections: [
      {
        heading: 'What the studio makes',
        body: "Adlane's designers build magazine ads, postcards, banner sets, billboard and screen artwork, e-mail templates and 15- or 30-second video spots, each to the spec sheet of the placement you booked. You get files ready to upload, checked against that sheet before we hand them over.",
      },
      {
        heading: 'What to send us',
        body: bullets(
          'Your logo as a vector file (AI, EPS, SVG or PDF), or a PNG at least 1000 px wide.',
          'Brand colours (hex, CMYK or Pantone numbers) and fonts, if you have them.',
          'Photos at full size: at least 2000 px on the long side for print; straight from the camera is best.',
          'The offer, any wording you must include (licence numbers, disclaimers) and the one thing you want people to do.',
          'Links to two or three ads you like, from any business.',
        ),
      },
      {
        heading: 'Rounds of changes',
        body: "Each package includes rounds of changes. A round is one list of edits covering everything you want changed, so collect everyone's comments before sending them. Extra rounds can be added; we quote them before starting.",
      },
      {
        heading: 'Video',
        body: 'Videos are made from your own footage, licensed stock footage, or both. A professional voice-over and captions are included, and the finished spot is delivered in both the broadcast and the streaming format.',
      },
      {
        heading: 'Who owns the work',
        body: 'You own the finished ads and can run them anywhere. Stock photos, footage and music we license are licensed for your advertising. Layered source files are included on request.',
      },
    ],
    specs: [
      { label: 'Print files', value: 'PDF/X-1a, CMYK, 300 ppi, with bleed' },
      { label: 'Online files', value: 'JPG, PNG or GIF banners under 150 KB; HTML e-mail under 100 KB' },
      {
        label: 'Video files',
        value: 'ProRes 422 HQ for broadcast and MP4 (H.264) for streaming, at -24 LKFS',
      },
      { label: 'Logo from you', value: 'Vector (AI, EPS, SVG, PDF) or PNG at least 1000 px wide' },
      { label: 'Photos from you', value: 'At least 2000 px on the long side' },
      { label: 'Turnaround', value: 'From the day we have everything: see each package' },
    ],
    deadlines: [
      { label: 'Static ad design', rule: 'Order at least 10 business days before the ad is due' },
      { label: 'Video production', rule: 'Order at least 15 business days before the spot is due' },
      { label: 'Your feedback on a draft', rule: 'Within 2 business days to keep the schedule' },
    ],
    shopPath: '/shop/design',
    updatedAt: UPDATED,
  },
];
