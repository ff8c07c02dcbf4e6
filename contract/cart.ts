import { z } from 'zod';
import { phoneNumber } from './auth';
import { PAYMENT_CHOICES } from './paymentChoices';
import { DATE_VALUE } from './quote';

/** SPEC section 3, Cart item: id, image, price_formatted, order.id (optional), summary lines; plus what analytics reads. */
export const cartItem = z.object({
  id: z.number().int(),
  image: z.string(),
  price_formatted: z.string(),
  order: z.object({ id: z.number().int() }).nullable().optional(),
  summary: z.object({
    summary_title: z.string(),
    summary_line_1: z.string(),
    summary_line_2: z.string(),
  }),
  mediacode: z.string(),
  media_type: z.string(),
  market: z.string(),
  /** The price of the whole item, in dollars (computed by the server). */
  price: z.number(),
  /** The unit price of the placement (dollars), as on the media record. */
  unit_price: z.number(),
  qty: z.number().int(),
  dates: z.array(z.string()),
  /** A magazine issue (year/month) or the first day (YYYY-MM-DD), as on the media record. */
  issue: z.string().nullable(),
  date_start: z.string().nullable(),
  created_at: z.string(),
  /**
   * A direct-mail campaign: its routes or zip codes decide its pieces, so it is built again on its own
   * page rather than changed in the cart. Absent from APIs that do not say.
   */
  campaign: z.boolean().optional(),
  /**
   * An every-door mailing's routes and whether it leaves out businesses, so its page can ask before the
   * same mailing is added twice. Absent from other items.
   */
  eddm: z.object({ routes: z.array(z.string()), residential_only: z.boolean() }).optional(),
});
export type CartItem = z.infer<typeof cartItem>;

/** SPEC section 3, Cart: uuid, total_formatted, contents.items (newest first). */
export const cart = z.object({
  uuid: z.string(),
  total: z.number(),
  total_formatted: z.string(),
  status: z.enum(['open', 'placed']),
  contents: z.object({ items: z.array(cartItem) }),
});
export type Cart = z.infer<typeof cart>;

/**
 * POST /checkout/item/create, sent as form fields (SPEC section 7): the placement, its dates and
 * quantity, and the cart to add to (a new cart when absent). Never a price.
 */
/** An item's dates and quantity, as the add and the change of an item both take them. */
const itemChoice = z.object({
  /** Dates as repeated `dates[]` fields or one comma-separated `dates` field. */
  dates: z
    .array(z.string().regex(DATE_VALUE, 'A date is an issue (2027/03) or a day (2027-01-04).'))
    .max(52)
    .default([]),
  quantity: z.coerce
    .number({ error: 'The quantity is a whole number.' })
    .int('The quantity is a whole number.')
    .positive('The quantity is at least 1.'),
});

export const cartItemCreateBody = itemChoice.extend({
  mediacode: z
    .string({ error: 'Choose a placement.' })
    .regex(/^[A-Za-z0-9-]{3,32}$/, 'The media code is not valid.'),
  cartid: z.uuid('The cart id is not valid.').optional(),
});

/**
 * POST /checkout/{cartId}/item/{itemId}/update, form fields like the create: the item's new dates and
 * quantity, priced again by the server under the same rules as adding it. Never a price.
 */
export const cartItemUpdateBody = itemChoice;

/** The billing contact of an order. */
export const billingContact = z.object({
  name: z.string({ error: 'Enter the name to bill.' }).trim().min(1, 'Enter the name to bill.').max(120),
  email: z.string().trim().pipe(z.email('Enter an e-mail address like billing@company.com.')),
  phone: phoneNumber,
  company: z.string().trim().min(1, 'Enter the company to bill.').max(120),
  address: z.string().trim().min(1, 'Enter the street address.').max(200),
  city: z.string().trim().min(1, 'Enter the city.').max(80),
  state: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'Use the two-letter state code, like IL.'),
  zip: z
    .string()
    .trim()
    .regex(/^\d{5}$/, 'A zip code is five digits, like 60601.'),
  po_number: z.string().trim().max(40).optional(),
});
export type BillingContact = z.infer<typeof billingContact>;

/**
 * POST /checkout/{cartId}/place: the billing contact, a key that makes a repeated submit a no-op, and
 * the ids of the items the buyer saw (an item added or removed elsewhere meanwhile stops the order).
 */
export const placeOrderBody = z.object({
  billing: billingContact,
  idempotency_key: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'The request key is not valid.'),
  item_ids: z
    .array(z.coerce.number().int().positive('An item id is a positive number.'), {
      error: 'List the ids of the items being ordered.',
    })
    .max(200, 'An order holds at most 200 items.'),
  payment: z
    .enum(PAYMENT_CHOICES, { error: 'Choose how to pay: Invoice, net 30, or Pay by card now.' })
    .default('invoice'),
});
export type PlaceOrderBody = z.input<typeof placeOrderBody>;

export const ORDER_STATUSES = ['upcoming', 'running', 'completed', 'cancelled'] as const;

/** An order: one placement bought, with its number and its status now (computed by the server's clock). */
export const order = z.object({
  id: z.number().int(),
  number: z.string(),
  status: z.enum(ORDER_STATUSES),
  item: cartItem,
  billing: billingContact,
  placed_at: z.string(),
});
export type Order = z.infer<typeof order>;

export const placedOrders = z.object({ orders: z.array(order), cart: cart });
export type PlacedOrders = z.infer<typeof placedOrders>;
