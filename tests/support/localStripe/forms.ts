import qs from 'qs';
import { z } from 'zod';

/**
 * The SDK sends nested, indexed form bodies (`line_items[0][price_data][unit_amount]=762375`) and
 * GET queries (`expand[0]=payment_intent`); qs reads both into objects whose numbers are strings,
 * so the schemas coerce them. Every schema is strict: a parameter the stand-in does not implement is
 * refused as Stripe refuses an unknown one, so a typo in our calls fails here, not in production.
 */
export const parseForm = (text: string): unknown => qs.parse(text, { depth: 10, arrayLimit: 100 });

const int = z.coerce.number().int();
const bool = z.enum(['true', 'false']).transform((value) => value === 'true');
const metadata = z.record(z.string(), z.string());
const expand = z.array(z.string()).optional();

export const expandQuery = z.strictObject({ expand });

export const customerCreate = z.strictObject({
  name: z.string().optional(),
  email: z.string().optional(),
  metadata: metadata.optional(),
  expand,
});

export const customerUpdate = z.strictObject({
  name: z.string().optional(),
  email: z.string().optional(),
  metadata: metadata.optional(),
  invoice_settings: z.strictObject({ default_payment_method: z.string() }).optional(),
  expand,
});

const lineItem = z.strictObject({
  quantity: int.refine((n) => n === 1, 'The stand-in sells one of each line.'),
  price_data: z.strictObject({
    currency: z.literal('usd'),
    unit_amount: int.positive(),
    product_data: z.strictObject({ name: z.string().min(1) }),
  }),
});

export const sessionCreate = z.strictObject({
  mode: z.enum(['payment', 'setup']),
  ui_mode: z.literal('hosted_page'),
  // Cards only: the stand-in has no other way to pay (no bank debits, no wallets).
  allowed_payment_method_types: z.tuple([z.literal('card')]).optional(),
  currency: z.literal('usd').optional(),
  customer: z.string().optional(),
  customer_email: z.string().optional(),
  client_reference_id: z.string().optional(),
  line_items: z.array(lineItem).optional(),
  payment_intent_data: z
    .strictObject({
      metadata: metadata.optional(),
      description: z.string().optional(),
      setup_future_usage: z.literal('off_session').optional(),
    })
    .optional(),
  setup_intent_data: z.strictObject({ metadata: metadata.optional() }).optional(),
  metadata: metadata.optional(),
  expires_at: int.optional(),
  success_url: z.string(),
  cancel_url: z.string().optional(),
  expand,
});
export type SessionCreate = z.infer<typeof sessionCreate>;

export const intentCreate = z.strictObject({
  amount: int.positive(),
  currency: z.literal('usd'),
  customer: z.string(),
  payment_method: z.string(),
  off_session: bool,
  confirm: bool,
  description: z.string().optional(),
  metadata: metadata.optional(),
  expand,
});

export const refundCreate = z.strictObject({
  payment_intent: z.string(),
  amount: int.positive().optional(),
  reason: z.enum(['duplicate', 'fraudulent', 'requested_by_customer']).optional(),
  metadata: metadata.optional(),
  expand,
});

export const emptyBody = z.strictObject({ expand });

/** The first parameter zod refused, named as Stripe names it (`line_items[0][quantity]`). */
export function paramOf(error: z.ZodError): { param: string; unknown: boolean; message: string } {
  const issue = error.issues[0];
  if (issue === undefined) return { param: '', unknown: false, message: 'Invalid request.' };
  const keys = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0] ?? ''] : issue.path;
  const param = keys.map((key, i) => (i === 0 ? String(key) : `[${String(key)}]`)).join('');
  return { param, unknown: issue.code === 'unrecognized_keys', message: issue.message };
}
