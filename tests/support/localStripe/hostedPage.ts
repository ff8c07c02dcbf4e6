import type { StripeObject } from './objects';

/**
 * Stripe's hosted payment page, as little of it as a test needs: the amount, the lines, a card to
 * choose and two plain form buttons (no script), so a browser test clicks it like a customer.
 */
const htmlText = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const dollars = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100);

export interface PageLine {
  name: string;
  cents: number;
}

const CARD_CHOICES = {
  payment: [
    ['pm_card_visa', 'Visa •••• 4242'],
    ['pm_card_chargeDeclined', 'Visa •••• 0341, declined'],
  ],
  setup: [
    ['pm_card_visa', 'Visa •••• 4242'],
    ['pm_card_chargeDeclined', 'Visa •••• 0341, declines charges'],
  ],
} as const;

export function hostedPage(session: StripeObject, lines: PageLine[], error: string | null): string {
  const mode = session.mode === 'setup' ? 'setup' : 'payment';
  const id = htmlText(session.id);
  const total = typeof session.amount_total === 'number' ? session.amount_total : 0;
  const title = mode === 'setup' ? 'Save a card' : `Pay ${dollars(total)}`;
  const items = lines.map((line) => `<li>${htmlText(line.name)}: ${dollars(line.cents)}</li>`).join('');
  const choices = CARD_CHOICES[mode]
    .map(
      ([value, label], i) =>
        `<label><input type="radio" name="card" value="${value}"${i === 0 ? ' checked' : ''}> ${htmlText(label)}</label>`,
    )
    .join('<br>');
  const status =
    session.status === 'open'
      ? ''
      : `<p role="status">This session is ${htmlText(String(session.status))}.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${htmlText(title)} (Stripe stand-in)</title></head>
<body><main><h1>${htmlText(title)}</h1>${status}${error ? `<p role="alert">${htmlText(error)}</p>` : ''}
<ul>${items}</ul>
<form method="post" action="/c/pay/${id}/pay"><fieldset><legend>Card</legend>${choices}</fieldset>
<button type="submit">${mode === 'setup' ? 'Save card' : 'Pay'}</button></form>
<form method="post" action="/c/pay/${id}/cancel"><button type="submit">Cancel</button></form>
</main></body></html>`;
}
