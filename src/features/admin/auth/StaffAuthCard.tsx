import type { ReactNode } from 'react';
import { config } from '../../../config';
import { PageMeta } from '../../../ui/PageMeta';

/** The frame of the back office's sign-in, setup and join pages: one card, the product's name above. */
export function StaffAuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main
      id="main"
      className="flex min-h-screen items-start justify-center bg-primary-50/40 px-4 py-10 tb:py-16"
    >
      <PageMeta title={`${title} · Back office`} />
      <section className="w-full max-w-md rounded-3xl border border-primary-100 bg-white p-6 shadow-xl shadow-primary-900/5 tb:p-10">
        <p className="text-sm font-semibold text-ink-muted">{config.productName} back office</p>
        <h1 className="mt-1 mb-6 font-display text-2xl font-bold text-primary-900">{title}</h1>
        {children}
      </section>
    </main>
  );
}
