import type { ReactNode } from 'react';

/** The dark banner that opens the specs, resource hub and design pages, like the shop's. */
export function ContentHero({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow: string;
  title: string;
  intro: string;
  /** Tools under the intro: a search box, key facts. */
  children?: ReactNode;
}) {
  return (
    <header className="relative overflow-hidden rounded-3xl bg-primary-900 text-white">
      <div
        aria-hidden="true"
        className="absolute -top-24 -right-24 size-72 rounded-full bg-primary-700/60 blur-2xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-32 right-1/4 size-64 rounded-full bg-coral/25 blur-2xl"
      />
      <div className="relative flex flex-col gap-3 px-6 py-8 tb:px-10 tb:py-12 md:max-w-[70%]">
        <p className="text-sm font-bold tracking-wider text-sunshine-300 uppercase">{eyebrow}</p>
        <h1 className="font-display text-4xl font-bold tb:text-5xl">{title}</h1>
        <p className="text-lg text-primary-100">{intro}</p>
        {children}
      </div>
    </header>
  );
}
