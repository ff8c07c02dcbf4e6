import { BadgeCheck, CalendarCheck, MapPinned } from 'lucide-react';
import type { ReactNode } from 'react';
import { config } from '../../config';
import { PageMeta } from '../../ui/PageMeta';

const PROMISES = [
  { icon: MapPinned, text: 'Placements in every US market, by zip code' },
  { icon: BadgeCheck, text: 'Real prices up front, no calls needed' },
  { icon: CalendarCheck, text: 'Orders, invoices and ad files in one dashboard' },
];

/** The frame of the sign-in pages: the form on a card, and on wide screens what an account gives. */
export function AuthLayout({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto grid max-w-page gap-8 px-4 py-10 tb:px-6 md:grid-cols-[1fr_1.1fr] md:py-16 xl:px-10">
      <PageMeta title={title} />
      <aside className="hidden flex-col justify-center gap-6 md:flex">
        <p className="font-display text-4xl leading-tight font-bold text-primary-900">
          Your ads, every market, <span className="text-coral-600">one {config.productName} account.</span>
        </p>
        <ul className="flex flex-col gap-4">
          {PROMISES.map((item) => (
            <li key={item.text} className="flex items-center gap-3 text-lg text-ink-soft">
              <span className="inline-flex size-10 items-center justify-center rounded-xl bg-white text-primary shadow-sm">
                <item.icon aria-hidden="true" className="size-5" />
              </span>
              {item.text}
            </li>
          ))}
        </ul>
      </aside>
      <section className="w-full max-w-xl justify-self-center rounded-3xl border border-primary-100 bg-white p-6 shadow-xl shadow-primary-900/5 tb:p-10">
        <h1 className="font-display text-3xl font-bold text-primary-900">{title}</h1>
        {intro ? <div className="mt-2 text-ink-soft">{intro}</div> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}
