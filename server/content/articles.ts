import type { Article, ArticleCategory } from '../../contract/content';

/** The sections of the resource hub (/info/resources). */
export const ARTICLE_CATEGORIES: readonly ArticleCategory[] = [
  {
    slug: 'getting-started',
    name: 'Getting started',
    description:
      'The basics of buying local advertising for the first time, from picking a channel to sending files.',
  },
  {
    slug: 'planning-and-budgets',
    name: 'Planning and budgets',
    description: 'How to plan a campaign, size its budget and time it to your season.',
  },
  {
    slug: 'creative',
    name: 'Creative',
    description: 'How to write and design ads, postcards, spots and e-mails that people notice and act on.',
  },
  {
    slug: 'measuring-results',
    name: 'Measuring results',
    description: 'How to tell what your advertising is doing for your business, channel by channel.',
  },
  {
    slug: 'local-playbooks',
    name: 'Local playbooks',
    description: 'Side-by-side comparisons and channel guides for local businesses.',
  },
];

/**
 * The articles of the resource hub, newest last. Original writing for Adlane; readingMinutes is the
 * word count at 200 words a minute, rounded.
 */
export const ARTICLES: readonly Article[] = [
  {
    slug: 'how-to-choose-your-first-local-ad-channel',
    title: 'How to choose your first local ad channel',
    category: 'getting-started',
    summary:
      'Three questions about your customers, your offer and how people buy from you point to the channel worth testing first.',
    readingMinutes: 2,
    publishedAt: '2026-03-02',
    body: [
      {
        paragraphs: [
          'Most small businesses start advertising the same way: a salesperson calls, the price sounds reasonable, and a few weeks later nobody can say whether it worked. Choosing your first channel on purpose takes about an hour and saves a lot of that guesswork. Answer three questions, then pick one channel and give it a fair test.',
        ],
      },
      {
        heading: 'Where do your customers live?',
        paragraphs: [
          'If most customers come from within a few miles, as they do for a restaurant, a salon or a hardware store, you want a channel that can be limited to that area. Every Door Direct Mail reaches every address on the carrier routes around your door, and geofencing reaches phones that have been in places nearby. If customers travel from across the metro area, as they do for a wedding venue or a specialist clinic, a city magazine, a TV station or streaming TV covers the whole market at once.',
        ],
      },
      {
        heading: 'Who exactly are they?',
        paragraphs: [
          'Some businesses serve almost everyone in an area; others serve a narrow group. A pizza place can mail every door. A kitchen remodeler wastes most of a mailing on renters, so audience mail to homeowners or a home-and-garden magazine fits better. The narrower your customer, the more it is worth paying for targeting, and the less a low cost per household matters.',
        ],
      },
      {
        heading: 'How long do they take to decide?',
        paragraphs: [
          'A quick, inexpensive purchase responds to a reminder and an offer: a postcard with a coupon, or a search ad when someone types "tacos near me". A large, considered purchase needs people to know your name before they start looking, which is what magazines, TV and streaming do well. For those, plan in months rather than weeks.',
        ],
      },
      {
        heading: 'Then pick one and test it properly',
        paragraphs: [
          'Put your first budget into one channel rather than spreading it thin across four. Run it long enough to matter: at least three magazine issues, six to eight weeks of TV or online ads, or two to three mailings to the same routes. Give it a way to be measured, such as an offer code, a dedicated phone number or its own landing page, and write down what a good result would look like before it starts. If it works, add a second channel that reaches the same people in a different way.',
        ],
      },
    ],
    relatedMediaTypes: ['printmag', 'tv', 'ctv', 'google', 'gt', 'eddm', 'abdm'],
  },
  {
    slug: 'budgeting-a-3-month-local-campaign',
    title: 'Budgeting a 3-month local campaign',
    category: 'planning-and-budgets',
    summary:
      'A simple way to turn a monthly figure into a plan that buys enough repetition in one channel before it adds a second.',
    readingMinutes: 2,
    publishedAt: '2026-03-16',
    body: [
      {
        paragraphs: [
          'Three months is the shortest campaign that tells you much. It is long enough for people to see an ad several times, for some of them to act, and for you to spot a trend rather than a lucky week. Here is a way to build the budget from the bottom up.',
        ],
      },
      {
        heading: 'Start from what a customer is worth',
        paragraphs: [
          'Work out what a new customer brings in over a year, not on the first sale. If an average customer spends $60 a visit and comes back eight times a year, one new customer is worth $480 in revenue. Multiply by your margin to get the profit, and decide how much of it you would spend to win one customer. That figure, times the number of customers you want, is a sensible ceiling for the campaign.',
        ],
      },
      {
        heading: 'Fund one channel properly',
        paragraphs: [
          'A common mistake is $300 a month in each of five places. Each one is too thin to be noticed. Choose a main channel and give it at least two thirds of the budget, enough to reach the same people again and again: every issue for three months, every week of a flight, or the same mail routes every three to four weeks.',
        ],
      },
      {
        heading: 'A worked example',
        paragraphs: [
          'A family dentist sets aside $2,000 a month, $6,000 in all. Most of it, $4,300, goes on audience mail to families with children in five nearby zip codes: three drops, four weeks apart, of about 2,000 postcards each. Another $1,500 keeps Google search ads running for all twelve weeks, catching people nearby who search for a dentist. The last $200 pays for a professionally designed postcard, used for all three drops.',
        ],
      },
      {
        heading: 'Keep a little back',
        paragraphs: [
          'Hold back about a tenth of the budget for the month that surprises you: a slow week worth a boost, a reprint, or a second version of an ad that is not working. Book the dates early, though. Popular weeks and issues sell out, and magazine artwork is due 31 days before the first day of the issue month.',
        ],
      },
      {
        heading: 'Judge it at the end, not in week one',
        paragraphs: [
          'Agree in advance what you will measure and when. Calls, bookings or code redemptions counted over the whole three months, and compared with the same months last year, tell you far more than any single week.',
        ],
      },
    ],
    relatedMediaTypes: ['abdm', 'google', 'custom'],
  },
  {
    slug: 'what-makes-a-postcard-get-read',
    title: 'What makes a postcard get read',
    category: 'creative',
    summary:
      'Postcards win or lose in the few seconds between the mailbox and the recycling bin, and a handful of habits help them survive.',
    readingMinutes: 2,
    publishedAt: '2026-04-06',
    body: [
      {
        paragraphs: [
          "A postcard has one advantage over every other kind of mail: there is nothing to open. Your message is in the reader's hand the moment they pick up the stack. What happens next takes about three seconds, on the short walk from the mailbox to the kitchen counter or the bin.",
        ],
      },
      {
        heading: 'Lead with one big idea',
        paragraphs: [
          'Pick the single thing you most want remembered and make it the largest element on the card. It might be the offer ("First cleaning $49"), the problem you solve ("Gutters clogged again?") or a photo that says it without words. If the reader catches only that, the card has already done part of its job.',
        ],
      },
      {
        heading: 'Make the offer easy to act on',
        paragraphs: [
          'Good offers are specific, worth something to the reader and limited in time. "10% off" is weaker than "$25 off any service over $100, until May 31". A deadline gives people a reason to act now rather than pin the card to the fridge and forget it. Then say exactly how to respond: call, book online or bring the card in.',
        ],
      },
      {
        heading: 'Use both sides',
        paragraphs: [
          'About half the cards land address side up. Treat that side as a second front: repeat the offer, add a map or three reasons to choose you, and keep the postage and address areas clear. A card that is blank on the back wastes half of what you paid for.',
        ],
      },
      {
        heading: "Design for arm's length",
        paragraphs: [
          'Use a few words in large type, strong contrast and one good photo rather than a collage. Real photos of your team or your work usually beat stock images. Keep the phone number and web address big enough to read without glasses; 14 pt is a sensible minimum for anything people need in order to act.',
        ],
      },
      {
        heading: 'Mail it more than once',
        paragraphs: [
          'Most households need to see a card more than once before they respond. Two or three mailings to the same routes, three to four weeks apart, usually outperform one large mailing to three times as many homes. Change the photo between drops, but keep the offer and the look recognisably the same.',
        ],
      },
    ],
    relatedMediaTypes: ['eddm', 'abdm', 'custom'],
  },
  {
    slug: 'connected-tv-vs-linear-tv-for-local-businesses',
    title: 'Connected TV vs. linear TV for local businesses',
    category: 'local-playbooks',
    summary:
      'How broadcast spots and streaming ads differ in who they reach and how they are bought, and when each one fits a local business.',
    readingMinutes: 2,
    publishedAt: '2026-04-20',
    body: [
      {
        paragraphs: [
          'Both put a video ad on the biggest screen in the house, and the same 30-second spot can usually run on either. The differences are in who sees it and how you pay for it.',
        ],
      },
      {
        heading: 'Linear TV: the whole market at once',
        paragraphs: [
          'A spot on a local broadcast station reaches everyone watching that station in that daypart, across the whole market. It is strongest with viewers over 45 and around local news, live sports and big events, and it still carries authority: people assume a business on TV is established. You buy spots by the week, and the price depends on the station, the daypart and the size of the market. What you cannot do is limit it to your part of town; a plumber in one suburb pays to reach the whole metro area.',
        ],
      },
      {
        heading: 'CTV: chosen households, counted one by one',
        paragraphs: [
          'Connected TV ads run inside streaming apps on smart TVs and streaming devices. You choose an audience, such as homeowners, parents or sports fans, and an area, and you pay for impressions, so a small budget buys a small but well-aimed campaign. Streaming audiences skew younger and include households with no cable or antenna at all. Reporting is more detailed too: you can see how many ads played to the end. Viewers cannot click, though, so response still arrives through searches, calls and visits.',
        ],
      },
      {
        heading: 'Which fits your business',
        paragraphs: [
          'Choose linear TV when your customers are spread across the market or skew older, or when being seen on local TV itself builds trust; car dealers, hospitals and law firms often fit. Choose CTV when your customers are a defined group in a defined area, or when your budget is too small to buy enough broadcast spots to be noticed. Many businesses do both: broadcast around the local news for reach, and streaming to pick up the younger households the news misses.',
        ],
      },
      {
        heading: 'One spot, two outlets',
        paragraphs: [
          'If you plan to use both, produce the spot once, to broadcast standards. The linear TV and CTV spec sheets share the same frame size and loudness target, so one master file can be delivered to each in the format it needs.',
        ],
      },
    ],
    relatedMediaTypes: ['tv', 'ctv'],
  },
  {
    slug: 'frequency-how-often-people-need-to-see-your-ad',
    title: 'Frequency: how often people need to see your ad',
    category: 'planning-and-budgets',
    summary:
      'Why one exposure rarely works, what the research does and does not say about the right number, and how to plan for enough.',
    readingMinutes: 2,
    publishedAt: '2026-05-04',
    body: [
      {
        paragraphs: [
          'Ask ten advertising people how many times someone needs to see an ad and you will hear "seven" more than once. It is a round, memorable number with little evidence behind it. The honest answer is that it depends, but the principle is sound: one exposure is rarely enough, and most small campaigns fail because they reach many people too few times.',
        ],
      },
      {
        heading: 'Reach and frequency',
        paragraphs: [
          'Reach is how many different people see your ad. Frequency is how many times, on average, each of them sees it. With a fixed budget you trade one against the other. Mail 9,000 homes once, or 3,000 homes three times: the cost is the same, but the second plan is far more likely to be remembered.',
        ],
      },
      {
        heading: 'What the research suggests',
        paragraphs: [
          'A well-known idea from the 1970s holds that the first exposure makes people curious, the second lets them weigh the message, and the third reminds them when they are ready to buy. Later studies found that the right number varies with how familiar your name is, how complicated the offer is and how crowded the channel is. A new business with an unfamiliar name needs more exposures; a well-known shop announcing a sale needs fewer.',
        ],
      },
      {
        heading: 'Rules of thumb by channel',
        paragraphs: [
          'For planning, aim for at least three exposures within the time in which people usually decide. In practice that means every issue of a monthly magazine for three months or more, two or three mailings to the same homes a few weeks apart, several spots a week on the same station for several weeks, or around three to five online impressions per person per week.',
        ],
      },
      {
        heading: 'Signs you need more, or less',
        paragraphs: [
          'If people say "I think I\'ve seen you somewhere" but few respond, raise frequency in a smaller area before you widen it. If response drops while the ad keeps running to the same people, they may have tired of it; change the creative rather than the channel. And remember that frequency builds across channels: a postcard and a streaming ad in the same neighbourhood add up to the same memory.',
        ],
      },
    ],
    relatedMediaTypes: ['printmag', 'tv', 'ctv', 'google', 'eddm', 'abdm'],
  },
  {
    slug: 'reading-your-campaign-results',
    title: 'Reading your campaign results',
    category: 'measuring-results',
    summary:
      'Which numbers matter for each kind of placement, which ones mislead, and how to compare a campaign with doing nothing.',
    readingMinutes: 2,
    publishedAt: '2026-05-18',
    body: [
      {
        paragraphs: [
          'Every channel reports something, and the numbers rarely mean the same thing from one to the next. Before you compare them, sort them into three groups: what was delivered, what people did, and what it earned you.',
        ],
      },
      {
        heading: 'What was delivered',
        paragraphs: [
          'Impressions, copies printed, households mailed and spots aired tell you whether you got what you paid for. Check them against the order. They do not tell you whether the ad worked: a campaign can deliver perfectly and still sell nothing.',
        ],
      },
      {
        heading: 'What people did',
        paragraphs: [
          'Clicks, calls, visits, code redemptions and form entries show response. Display ads often have click rates well under 1%, which sounds disappointing but is normal; many people see an ad, remember it and search for you later. That is why searches for your business name and direct visits to your website are worth watching during any campaign, including print, mail and TV.',
        ],
      },
      {
        heading: 'What it earned',
        paragraphs: [
          'The number that matters most is new customers and the revenue they bring. Divide what the campaign cost by the new customers it produced to get a cost per customer, and compare that with what a customer is worth over a year. A campaign that costs $80 per customer is excellent if a customer is worth $500, and poor if they spend $40 once.',
        ],
      },
      {
        heading: 'Compare against a baseline',
        paragraphs: [
          'Sales rise and fall for reasons that have nothing to do with ads: weather, holidays, a road closure. Compare the campaign period with the same weeks last year, or with the weeks just before it. Better still, keep a control group: mail half your routes, leave the other half out, then compare the two areas. Differences that show up only where you mailed are the ones you can credit to the postcard.',
        ],
      },
      {
        heading: 'Give it time',
        paragraphs: [
          'Judge awareness channels such as magazines, TV and billboards over months, not weeks. Judge response channels such as search, e-mail and mail by the weeks after each flight or drop. Record every campaign in the same simple table; after a year it becomes the most useful marketing document you own.',
        ],
      },
    ],
    relatedMediaTypes: ['printmag', 'tv', 'ctv', 'dooh', 'google', 'gt', 'eddm', 'abdm', 'email'],
  },
  {
    slug: 'geofencing-explained',
    title: 'Geofencing explained',
    category: 'local-playbooks',
    summary:
      'How location-based mobile ads find people who have visited the places you choose, where they work well and what to expect.',
    readingMinutes: 2,
    publishedAt: '2026-06-01',
    body: [
      {
        paragraphs: [
          'Geofencing draws a virtual boundary around a real place and shows mobile ads to people whose phones have been inside it. It can sound like surveillance. In practice it works through location data that app users agreed to share, it never tells you who anyone is, and the ads appear in apps like any other banner.',
        ],
      },
      {
        heading: 'How it works',
        paragraphs: [
          "Many apps, from weather to navigation, ask permission to use a phone's location. Where people agree, the app's advertising partners receive an anonymous device ID and the places it has been. A platform such as GroundTruth checks those places against the boundaries you chose and, when a device matches, shows it your ad in other apps, either while the person is there or for several weeks afterwards.",
        ],
      },
      {
        heading: 'Good uses',
        paragraphs: [
          'Conquesting is the classic one: fence your competitors and show their customers a reason to try you. A tyre shop fences the big-box auto centres; a gym fences other gyms in January. Event fencing reaches people at a home show, a stadium or a fair your customers attend. Fencing your own location and comparing visits before and during a campaign gives you a measure of foot traffic that no print ad can offer.',
        ],
      },
      {
        heading: 'Limits to know',
        paragraphs: [
          'Fences need traffic. One small shop may see only a few hundred phones a month, so group several similar places together. Location data is a sample, not a census, and visit counts are estimates; watch the trend rather than the exact figure. Sensitive places such as clinics and places of worship are off limits, and rightly so.',
        ],
      },
      {
        heading: 'Getting it right',
        paragraphs: [
          'Choose ten or more places that your customers visit for the same reason, not just places that happen to be nearby. Keep the banner simple, with one clear offer and your name, because it will be seen for a moment on a small screen. Run it for at least four weeks, add your own addresses so store visits can be counted, and judge it by visits and calls rather than clicks alone.',
        ],
      },
    ],
    relatedMediaTypes: ['gt', 'google'],
  },
  {
    slug: 'writing-a-15-second-tv-spot',
    title: 'Writing a 15-second TV spot',
    category: 'creative',
    summary:
      'A four-part structure for a 15-second script, with timings, a worked example and the mistakes that waste the seconds you paid for.',
    readingMinutes: 2,
    publishedAt: '2026-06-15',
    body: [
      {
        paragraphs: [
          'Fifteen seconds is about 35 spoken words. That is less than it sounds and more than enough, if you spend it on one idea. Most weak short spots fail in the same way: they try to say everything the business does.',
        ],
      },
      {
        heading: 'A structure that fits',
        paragraphs: [
          'Seconds 0 to 3: a hook, a picture or a line that makes someone look up. A problem the viewer recognises works well.',
          'Seconds 3 to 9: the answer, which is your business and the one thing it does better than anyone.',
          'Seconds 9 to 13: the proof or the offer, one concrete reason to act now.',
          'Seconds 13 to 15: your name and how to reach you, both on screen and spoken.',
        ],
      },
      {
        heading: 'A worked example',
        paragraphs: [
          'A dog shakes mud across a clean kitchen floor. Voice: "Muddy season is here." Cut to a groomer lifting a clean, fluffy dog onto a table. Voice: "Paws & Suds bathes, trims and dries while you run errands." On screen: first groom $35. Voice: "First groom, thirty-five dollars. Book at pawsandsuds.com." That is 22 spoken words, which leaves room to breathe.',
        ],
      },
      {
        heading: 'Write for the eye and the ear',
        paragraphs: [
          'Many people watch with the sound low or off, so make sure the pictures tell the story alone, and put the offer and your name on screen as text. But write the voice-over as if nobody is looking, because plenty of people are in the kitchen, listening. When words and pictures say the same thing at the same moment, both land harder.',
        ],
      },
      {
        heading: 'Mistakes to avoid',
        paragraphs: [
          'Do not open on your logo; nobody cares yet. Do not read out a long web address or a phone number nobody can remember; show it instead, and keep it on screen for at least three seconds. Avoid small print, which turns to mush on a TV. And read the script aloud against a stopwatch before anyone films it: if it only fits when read fast, cut words.',
        ],
      },
      {
        heading: 'Make the 30 later',
        paragraphs: [
          'A good 15-second spot grows naturally into a 30 by adding a second proof point or a line from a customer. Writing the short version first forces the discipline the long one needs.',
        ],
      },
    ],
    relatedMediaTypes: ['tv', 'ctv', 'custom'],
  },
  {
    slug: 'seasonal-planning-calendar-for-retailers',
    title: 'Seasonal planning calendar for retailers',
    category: 'planning-and-budgets',
    summary:
      'A month-by-month guide to the moments local shoppers spend, and when to book and send artwork so your ads land before them.',
    readingMinutes: 2,
    publishedAt: '2026-07-06',
    body: [
      {
        paragraphs: [
          'Retail runs on a calendar, and so should your advertising. The trick is to work backwards: decide when shoppers should see the ad, then count back to when it must be booked and delivered. Print and mail need the longest lead.',
        ],
      },
      {
        heading: 'January to March',
        paragraphs: [
          "January brings resolutions and returns: fitness, organising, budgeting and clearance sales. Valentine's Day matters to florists, jewellers, restaurants and chocolatiers, so start their ads in late January. March means spring cleaning and, in many regions, the start of garden and home-improvement season.",
        ],
      },
      {
        heading: 'April to June',
        paragraphs: [
          "Easter and spring events come first, then Mother's Day in May, one of the biggest days of the year for restaurants, florists, salons and gift shops. Memorial Day weekend opens summer and outdoor sales. June brings Father's Day, graduations and weddings.",
        ],
      },
      {
        heading: 'July to September',
        paragraphs: [
          'Independence Day anchors early July. Back-to-school shopping starts in July where schools reopen in early August, and runs into September elsewhere; clothing, shoes, electronics and supplies sell first. Labor Day weekend is the last big sale of the summer.',
        ],
      },
      {
        heading: 'October to December',
        paragraphs: [
          'Halloween now rivals the winter holidays for costumes, decorations and sweets. Black Friday and Small Business Saturday, the day after it, open the holiday season; shoppers plan those trips, so ads must reach them in the first half of November. December is gifts, parties and last-minute shopping, and early January brings returns and gift cards.',
        ],
      },
      {
        heading: 'Count back from the date',
        paragraphs: [
          'A magazine issue must be out before the moment you are selling to, and its artwork is due 31 days before the first day of the issue month: for a November issue, that means October 1. Mail artwork is due the Friday before the drop week, and cards should land one to two weeks before the event. TV, streaming, screens and online ads need creative by the Friday before the flight starts, and they can stay on through the final days, when shoppers are closest to buying.',
        ],
      },
      {
        heading: 'Book the big weeks early',
        paragraphs: [
          "The weeks before Mother's Day, back to school and the holidays sell out first on every channel. Mark them on your calendar in January, book them as soon as your plan is set, and use the quiet months to prepare the creative.",
        ],
      },
    ],
    relatedMediaTypes: ['printmag', 'dooh', 'google', 'eddm', 'abdm'],
  },
  {
    slug: 'every-door-direct-mail-vs-audience-mail',
    title: 'Every Door Direct Mail vs. audience mail',
    category: 'local-playbooks',
    summary:
      'The two ways to send postcards on Adlane compared on targeting, cost per piece and the kinds of business each one suits.',
    readingMinutes: 2,
    publishedAt: '2026-07-20',
    body: [
      {
        paragraphs: [
          'Both put a full-colour postcard in the mailbox. The difference is who gets it: every home on a route, or only the homes that match a description.',
        ],
      },
      {
        heading: 'Every Door Direct Mail',
        paragraphs: [
          'EDDM uses a USPS service that delivers to every address on the carrier routes you pick, without names or a mailing list. With no list to rent and nothing to address, it is the cheapest way to put a printed piece in every home in an area. The catch is that you cannot choose within a route. Everyone gets the card: owners and renters, young and old, likely customers and people who will never need you. You can leave out business addresses and favour routes whose demographics fit, which cuts the waste.',
        ],
      },
      {
        heading: 'Audience mail',
        paragraphs: [
          'Audience-based mail uses a rented list to reach only the households that match, such as homeowners, new movers, new parents or people over 65, within the zip codes you choose. Each card is printed with an address. It costs more per piece, because of the list and the addressing, but far fewer pieces go to people who could never buy.',
        ],
      },
      {
        heading: 'Doing the maths',
        paragraphs: [
          'Compare the cost per likely customer, not per card. Say EDDM costs $0.40 a card and audience mail $0.70. If only a third of the homes on your routes could use your service, EDDM really costs $1.20 per relevant household, and audience mail wins. If nearly everyone is a potential customer, as with a pizza place, EDDM wins easily.',
        ],
      },
      {
        heading: 'Which to choose',
        paragraphs: [
          'Choose EDDM when your customers are most of the households near you: restaurants, dry cleaners, car washes, pest control, community events. Choose audience mail when they are a defined group: roofers and remodelers (homeowners), pediatric dentists (young families), moving-related services (new movers), home care (older adults). Audience mail also finds the right homes wherever they are within your zip codes, while EDDM can only be as precise as a carrier route.',
        ],
      },
      {
        heading: 'Using both',
        paragraphs: [
          'Some businesses run EDDM around the shop for broad awareness, and audience mail further out for the households most likely to travel to them. Whichever you choose, the design of the card matters more than the method; the spec sheets give the sizes each one uses.',
        ],
      },
    ],
    relatedMediaTypes: ['eddm', 'abdm'],
  },
  {
    slug: 'designing-for-digital-billboards',
    title: 'Designing for digital billboards',
    category: 'creative',
    summary:
      'Billboard artwork gets a few seconds from a moving driver, so it needs fewer words, bigger type and stronger contrast than anything else you make.',
    readingMinutes: 2,
    publishedAt: '2026-08-10',
    body: [
      {
        paragraphs: [
          'A billboard is read, if at all, in the time it takes to drive past. Roadside digital boards rotate several advertisers and show each one for about eight seconds, but a driver gives yours a fraction of that. Everything in billboard design follows from that one fact.',
        ],
      },
      {
        heading: 'Seven words or fewer',
        paragraphs: [
          'Count every word, including your name. "Fresh bagels. Exit 14. Open 6 a.m." is seven, and it does the job. If you need a second sentence, you need a second board. Leave out the phone number and web address unless they are very short; nobody writes them down at 50 miles an hour.',
        ],
      },
      {
        heading: 'One picture, big',
        paragraphs: [
          'One strong image read at a glance beats three small ones. A product shot close up, a face or a single bold shape works well. Keep the background plain so the picture does not disappear into it.',
        ],
      },
      {
        heading: 'Type and colour',
        paragraphs: [
          "Use a heavy, plain typeface with open letters, and make the smallest text at least 5% of the board's height. Contrast matters more than colour: yellow on black, white on dark blue and black on yellow all read from a distance. Avoid red against green, which many people cannot tell apart, and anything that looks like a traffic signal; screen owners reject it.",
        ],
      },
      {
        heading: 'Indoor screens are different',
        paragraphs: [
          'Screens in gyms, airports and checkout lines are seen from a few feet away by people who are waiting. They can carry a little more text and often play short silent videos. Still, design for no sound, put the message in the first two seconds and keep your name on screen throughout.',
        ],
      },
      {
        heading: 'Use the rotation',
        paragraphs: [
          'Because digital boards change content, you can run several versions: a breakfast message in the morning, a lunch special at noon, a countdown to a sale. Ask which networks can schedule artwork by time of day, and send each version at the exact pixel size of the screen so nothing is stretched.',
        ],
      },
      {
        heading: 'Test it at thumbnail size',
        paragraphs: [
          'Before you send the file, shrink the design on your screen to the size of a postage stamp. If you can still read the message and recognise the business, it will work on the road.',
        ],
      },
    ],
    relatedMediaTypes: ['dooh', 'custom'],
  },
  {
    slug: 'email-blasts-that-do-not-get-ignored',
    title: 'E-mail blasts that do not get ignored',
    category: 'creative',
    summary:
      'How to write the subject line, opening screen and offer of a dedicated e-mail so that readers of a rented list open, read and click.',
    readingMinutes: 2,
    publishedAt: '2026-08-24',
    body: [
      {
        paragraphs: [
          "A dedicated blast lands in an inbox next to messages from friends, colleagues and every shop the reader has ever bought from. It arrives under the list owner's name, not yours, to people who have never heard of you. You have a subject line, and about two seconds after the open, to earn attention.",
        ],
      },
      {
        heading: 'The subject line has one job',
        paragraphs: [
          'It should make the right reader want to open the e-mail, and nothing more. Be specific and honest: "Spring tune-up: $79 for homes in Tulsa" beats "You won\'t believe this deal". Keep it under 50 characters so phones show all of it, and use the preview text for the second half of the message rather than repeating the first.',
        ],
      },
      {
        heading: 'The first screen does the rest',
        paragraphs: [
          'Most readers decide within the first screen. Put the headline, the offer and a button there, before any story about your business. Many people read with images turned off, so the headline and offer must be live text, not words inside a picture.',
        ],
      },
      {
        heading: 'One offer, one click',
        paragraphs: [
          'An e-mail that tries to sell five things usually sells none. Pick one offer, say what it is worth and when it ends, and point every link at one landing page that repeats it. Make the button big enough to tap with a thumb, and write on it what happens next: "Book my tune-up", not "Submit".',
        ],
      },
      {
        heading: 'Introduce yourself',
        paragraphs: [
          'Because readers do not know you, add a short line of credibility close to the offer: how long you have been in business, a review rating or a well-known client. Put your business name, postal address and phone number in the footer; it reassures readers, and the CAN-SPAM Act requires a postal address.',
        ],
      },
      {
        heading: 'Measure clicks, not opens',
        paragraphs: [
          'Many mail apps now load images automatically, which counts as an open whether or not anyone read the message. Clicks, and what people do on your landing page, are the reliable measures. Tag your links so your analytics show the visits, and give the e-mail its own code or landing page so you can count what it sold.',
        ],
      },
      {
        heading: 'Plan a second send',
        paragraphs: [
          'One blast to a list is a test. If it works, send an improved version to the same list a month or two later; familiarity usually lifts response the second time.',
        ],
      },
    ],
    relatedMediaTypes: ['email', 'custom'],
  },
  {
    slug: 'preparing-your-ad-files-a-checklist',
    title: 'Preparing your ad files: a checklist',
    category: 'getting-started',
    summary:
      'The file problems that most often delay a first campaign, and a short checklist to run before you upload anything.',
    readingMinutes: 2,
    publishedAt: '2026-09-07',
    body: [
      {
        paragraphs: [
          'Most first-time advertisers book a placement in minutes and then spend days on the file. Nearly every delay comes from a handful of avoidable problems. Run through this list before you upload, with the spec sheet for your placement open alongside it.',
        ],
      },
      {
        heading: 'Size and shape',
        paragraphs: [
          'Build the file at the exact size the sheet gives, not something close. A print ad made for a different magazine, or a banner stretched from another size, will be rejected or look wrong. Print needs bleed: extend backgrounds 0.125 in past the trim on every side, and keep text well inside it.',
        ],
      },
      {
        heading: 'Resolution and colour',
        paragraphs: [
          'Print files need photos at 300 ppi at the size they appear, and colours in CMYK. Screens, online ads and e-mail use RGB at the exact pixel size. A logo copied from your website is almost always too small for print; ask whoever designed it for a vector file.',
        ],
      },
      {
        heading: 'Format and weight',
        paragraphs: [
          'Export print ads as PDF/X-1a with fonts embedded. Keep banners under 150 KB and e-mail HTML under 100 KB. Send video in the format and frame rate the sheet asks for, at the right loudness, with no bars or slates unless the sheet asks for them.',
        ],
      },
      {
        heading: 'Words and numbers',
        paragraphs: [
          'Proofread the phone number, web address, prices and dates out loud, with someone else reading along. Check that every offer has an end date and that any required wording, such as a licence number or a disclaimer, is there. A typo in a phone number is the most expensive mistake in advertising.',
        ],
      },
      {
        heading: 'Deadlines',
        paragraphs: [
          'Materials are due well before the run date: magazine artwork 31 days before the first day of the issue month, and TV, streaming, screen, online, e-mail and mail creative by the Friday before the week starts. Your quote shows each date as "ad due". Aim to send files a few days early, so there is time to fix anything our preflight finds.',
        ],
      },
      {
        heading: 'When to get help',
        paragraphs: [
          'If you do not have a designer, or your files keep bouncing back, our studio can build the ad to the exact spec for you. It often costs less than the time spent on a third attempt.',
        ],
      },
    ],
    relatedMediaTypes: ['printmag', 'tv', 'ctv', 'dooh', 'google', 'eddm', 'abdm', 'email', 'custom'],
  },
  {
    slug: 'tracking-calls-and-visits-from-offline-ads',
    title: 'Tracking calls and visits from offline ads',
    category: 'measuring-results',
    summary:
      'Simple ways to tell which magazine, TV, billboard and mail campaigns bring in customers when nobody can click.',
    readingMinutes: 2,
    publishedAt: '2026-09-21',
    body: [
      {
        paragraphs: [
          'Online ads count their own clicks. A postcard, a magazine page or a TV spot cannot, so you have to build the measurement into the ad itself. None of these methods is perfect on its own, but together they give you a clear enough picture to decide where to spend next.',
        ],
      },
      {
        heading: 'Give each campaign its own number',
        paragraphs: [
          'Call-tracking services provide local phone numbers that forward to your line and record which number was dialled. Put a different number on each channel, or on each version of an ad, and you can count calls by source. Keep your main number for existing customers so the counts are not mixed with everyday business.',
        ],
      },
      {
        heading: 'Use codes and landing pages',
        paragraphs: [
          'An offer code ("MAIL25"), a dedicated web page (yourshop.com/spring) or a QR code that opens it ties a response to a particular ad. Keep the code short and the page address easy to type. Count redemptions at the till or in your booking system, and make sure staff ask for the code and record it.',
        ],
      },
      {
        heading: 'Ask, every time',
        paragraphs: [
          '"How did you hear about us?" is the oldest method and still one of the best. Ask it at booking or checkout, offer a short fixed list of answers so they can be counted, and include "a friend" and "saw you on the road". People misremember, but the trend over a few months is useful.',
        ],
      },
      {
        heading: 'Watch the indirect signs',
        paragraphs: [
          'Many people respond to an offline ad by searching for your name. During any campaign, watch searches for your business name, direct visits to your website and requests for directions in your Google Business Profile. Compare them with the weeks before and with the same weeks last year.',
        ],
      },
      {
        heading: 'Match addresses for mail',
        paragraphs: [
          'For postcards, compare the addresses of new customers with the routes or lists you mailed. Because you know exactly where the cards went, this match-back is one of the most accurate measures a local advertiser has, and it catches people who responded without a code.',
        ],
      },
      {
        heading: 'Put it together',
        paragraphs: [
          'Keep one simple table: campaign, dates, cost, calls, codes, new customers. After three or four campaigns, the pattern of what works for your business will be plain.',
        ],
      },
    ],
    relatedMediaTypes: ['printmag', 'tv', 'ctv', 'dooh', 'eddm', 'abdm'],
  },
];
