/** "Visa •••• 4242" from what Stripe said of the card ("visa", "4242"). */
export const cardWords = (brand: string | null, last4: string | null): string | null =>
  brand && last4 ? `${brand.charAt(0).toUpperCase()}${brand.slice(1)} •••• ${last4}` : null;
