import { z } from 'zod';

/** SPEC section 3, Cart item: id, image, price_formatted, order.id (optional), summary lines. */
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
});
export type CartItem = z.infer<typeof cartItem>;

/** SPEC section 3, Cart: uuid, total_formatted, contents.items. */
export const cart = z.object({
  uuid: z.string(),
  total_formatted: z.string(),
  contents: z.object({ items: z.array(cartItem) }),
});
export type Cart = z.infer<typeof cart>;
