/**
 * The e-mails about an order: placed, cancelled, its ad due, and what the back office's actions tell
 * the customer. Their own file so each family of templates reads on one screen.
 */
import { AdReminder, dueIn } from './AdReminder';
import { BookingConfirmed } from './BookingConfirmed';
import type { Brand } from './brand';
import { DesignProofReady } from './DesignProofReady';
import { FileReturned } from './FileReturned';
import { link, type MailTemplates } from './mailTemplate';
import { OrderCancelled } from './OrderCancelled';
import { OrderPlaced } from './OrderPlaced';
import { RunDelivered } from './RunDelivered';

/** The order the back office's samples are about, with its page. */
const sampleOrder = (brand: Brand) => ({
  brand,
  firstname: 'Dana',
  order: 'AD-00-000123',
  placement: 'Full page, City Weekly',
  link: link(brand, '/orders/AD-00-000123'),
});

/** Order e-mails. */
export const orderMails: MailTemplates<
  | 'ad-reminder'
  | 'order-placed'
  | 'order-cancelled'
  | 'booking-confirmed'
  | 'run-delivered'
  | 'file-returned'
  | 'design-proof-ready'
> = {
  'ad-reminder': {
    component: AdReminder,
    subject: (p) => `Your ad for ${p.placement} is due ${dueIn(p)}`,
    essential: false,
    preference: 'ad_reminders',
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      placedBy: null,
      placement: 'Full page, City Weekly',
      run: 'week of March 2',
      order: 'AD-00-000123',
      due: 'February 20',
      daysLeft: 3,
      latest: {
        name: 'spring.pdf',
        status: 'failed',
        problems: ['The page is 8 by 10 inches; it must be 8.5 by 11.'],
      },
      link: link(brand, '/orders/AD-00-000123'),
    }),
  },
  'order-placed': {
    component: OrderPlaced,
    subject: (p) =>
      p.orders.length === 1
        ? `Order ${p.orders[0]?.number} is placed`
        : `${p.orders.length} orders are placed`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      invoice: 'INV-00-000045',
      total: '$1,240.00',
      orders: [
        {
          number: 'AD-00-000123',
          placement: 'Full page',
          market: 'City Weekly, Springfield',
          specs: '/specs/print-full-page',
          runs: [
            { run: 'Week of March 2', adDue: 'February 20' },
            { run: 'Week of March 9', adDue: 'February 27' },
          ],
        },
      ],
    }),
  },
  'order-cancelled': {
    component: OrderCancelled,
    subject: (p) => `Order ${p.order} is cancelled`,
    essential: true,
    sample: (brand) => ({
      brand,
      firstname: 'Dana',
      order: 'AD-00-000123',
      placement: 'Full page, City Weekly',
      by: null,
      reason: null,
      byOurTeam: false,
      refund: '$620.00',
    }),
  },
  // Issue 31, part 5: the back office's actions, told to the customer.
  'booking-confirmed': {
    component: BookingConfirmed,
    subject: (p) => `Order ${p.order} is booked with the publisher`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      reference: 'CW-2027-0318',
      runs: ['March 2027 issue', 'April 2027 issue'],
    }),
  },
  'run-delivered': {
    component: RunDelivered,
    subject: (p) => `Your ad ran: ${p.run} of order ${p.order}`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      run: 'March 2027 issue',
      delivered: 'Wednesday, March 31',
      proof: 'tear-sheet',
      details: null,
    }),
  },
  'file-returned': {
    component: FileReturned,
    // The order's number only: the file's name and the note are what people typed.
    subject: (p) => `Please send a new ad file for order ${p.order}`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      file: 'spring-sale.pdf',
      run: 'March 2027 issue',
      note: 'The logo is a low-resolution screenshot: please send it as a vector file or at 300 dpi.',
      due: 'Friday, January 29',
    }),
  },
  'design-proof-ready': {
    component: DesignProofReady,
    subject: (p) => `Proof ${p.number} of your ad for order ${p.order} is ready`,
    essential: true,
    sample: (brand) => ({
      ...sampleOrder(brand),
      placement: 'Ad design: magazine full page',
      number: 2,
      note: 'The offer is bigger and the photo brighter, as you asked.',
    }),
  },
};
