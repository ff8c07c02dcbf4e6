import { Check, ChevronDown, Clock, ShoppingCart } from 'lucide-react';
import type { DesignHelpOffer, DesignPackageOffer } from '../../api/content';
import { useAddingMediacode, useCart, useCartBusy, useSendToCart } from '../../system/hooks/cart';
import { Button } from '../../ui/Button';
import { PageMeta } from '../../ui/PageMeta';
import { SiteLink } from '../../ui/SiteLink';
import { ContentHero } from './ContentHero';

/** /info/ad-design-on-{product}/: what the studio makes, what it costs, and the way to order it. */
export function DesignHelpPage({ offer }: { offer: DesignHelpOffer }) {
  const cheapest = offer.packages.reduce<DesignPackageOffer | undefined>(
    (low, item) => (low && low.price <= item.price ? low : item),
    undefined,
  );
  const days = offer.packages.map((item) => item.turnaroundBusinessDays);
  return (
    <div className="mx-auto flex max-w-page flex-col gap-10 px-4 py-8 tb:px-6 xl:px-10">
      <PageMeta title={offer.title} description={offer.summary} />
      <ContentHero eyebrow="Design help" title={offer.title} intro={offer.intro}>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold text-primary-100">
          {cheapest ? (
            <li className="flex items-center gap-1.5">
              <Check aria-hidden="true" className="size-4 text-sunshine-300" />
              From {cheapest.priceFormatted} a project
            </li>
          ) : null}
          {days.length > 0 ? (
            <li className="flex items-center gap-1.5">
              <Check aria-hidden="true" className="size-4 text-sunshine-300" />
              Ready in {Math.min(...days)} to {Math.max(...days)} business days
            </li>
          ) : null}
          <li className="flex items-center gap-1.5">
            <Check aria-hidden="true" className="size-4 text-sunshine-300" />
            Built to each placement’s spec sheet
          </li>
        </ul>
      </ContentHero>

      <section aria-labelledby="design-packages" className="flex flex-col gap-5">
        <div>
          <h2 id="design-packages" className="font-display text-3xl font-bold text-primary-900">
            What it costs
          </h2>
          <p className="mt-1 text-ink-soft">
            One price per project, added to your cart like any placement and invoiced with your order.
          </p>
        </div>
        <ul className="grid gap-5 tb:grid-cols-2 lg:grid-cols-4">
          {offer.packages.map((item) => (
            <li key={item.mediacode}>
              <PackageCard item={item} />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="design-steps" className="rounded-3xl bg-white p-6 shadow-sm tb:p-10">
        <h2 id="design-steps" className="font-display text-3xl font-bold text-primary-900">
          How to order
        </h2>
        <ol className="mt-6 grid gap-6 tb:grid-cols-2 lg:grid-cols-5">
          {offer.steps.map((step, i) => (
            <li key={step.title} className="flex flex-col gap-2">
              <span
                aria-hidden="true"
                className="inline-flex size-10 items-center justify-center rounded-full bg-sunshine font-display text-lg font-bold text-ink"
              >
                {i + 1}
              </span>
              <h3 className="text-lg font-bold text-ink">{step.title}</h3>
              <p className="text-ink-soft">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-8 text-ink-soft">
          What to send us, file formats and deadlines are on the{' '}
          <SiteLink href="/specs/ad-design-service" className="font-semibold text-primary-700 underline">
            ad design spec sheet
          </SiteLink>
          .
        </p>
      </section>

      <section aria-labelledby="design-faq" className="flex flex-col gap-4">
        <h2 id="design-faq" className="font-display text-3xl font-bold text-primary-900">
          Questions
        </h2>
        <div className="flex flex-col divide-y divide-primary-100 rounded-3xl border border-primary-100 bg-white">
          {offer.faq.map((item) => (
            <details key={item.question} className="group px-6 py-4">
              <summary className="flex cursor-pointer list-none items-center justify-between gap-4 text-lg font-bold text-ink [&::-webkit-details-marker]:hidden">
                {item.question}
                <ChevronDown
                  aria-hidden="true"
                  className="size-5 shrink-0 text-ink-muted transition-transform group-open:rotate-180"
                />
              </summary>
              <p className="mt-3 text-ink-soft">{item.answer}</p>
            </details>
          ))}
        </div>
      </section>
    </div>
  );
}

/** A design package: what it includes, its price, and a button that adds it to the cart. */
function PackageCard({ item }: { item: DesignPackageOffer }) {
  // While the cart works, every button waits; only the package on its way says "Adding…".
  const busy = useCartBusy();
  const adding = useAddingMediacode() === item.mediacode;
  const cart = useCart();
  const sendToCart = useSendToCart();
  const inCart = cart?.contents.items.filter((line) => line.mediacode === item.mediacode).length ?? 0;
  const headingId = `package-${item.mediacode}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <h3 id={headingId} className="text-lg leading-snug font-bold text-ink">
        {item.name}
      </h3>
      <p className="text-3xl font-extrabold text-primary-900">
        {item.priceFormatted} <span className="text-sm font-medium text-ink-muted">per project</span>
      </p>
      <p className="flex items-center gap-1.5 text-sm font-semibold text-ink-soft">
        <Clock aria-hidden="true" className="size-4" />
        Ready in {item.turnaroundBusinessDays} business days
      </p>
      <ul className="flex flex-1 flex-col gap-2 text-sm text-ink-soft">
        {item.includes.map((line) => (
          <li key={line} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-mint-500" />
            {line}
          </li>
        ))}
      </ul>
      <div className="flex flex-col gap-2">
        <Button
          inactive={busy}
          aria-describedby={inCart > 0 ? `${headingId}-in-cart` : undefined}
          onClick={() => {
            sendToCart({
              type: 'cart.add',
              item: { mediacode: item.mediacode, dates: [], quantity: 1, title: item.name },
            });
          }}
        >
          <ShoppingCart aria-hidden="true" className="size-4" />
          {adding ? 'Adding…' : 'Add to cart'}
        </Button>
        {inCart > 0 ? (
          <p id={`${headingId}-in-cart`} className="text-center text-sm font-semibold text-mint-700">
            {inCart === 1 ? 'In your cart' : `${inCart} in your cart`}
          </p>
        ) : null}
      </div>
    </article>
  );
}
