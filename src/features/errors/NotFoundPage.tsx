import { useRouterState } from '@tanstack/react-router';
import { Compass, Home, Mail, ShoppingBag } from 'lucide-react';
import { config } from '../../config';
import { ButtonLink } from '../../ui/Button';
import { PageMeta } from '../../ui/PageMeta';

/** Shown for any path the app does not know, with ways back to where a visitor wants to be. */
export function NotFoundPage() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <PageMeta title="Page not found" />
      <span className="mb-6 inline-flex size-20 items-center justify-center rounded-3xl bg-white text-primary shadow-lg shadow-primary-900/10">
        <Compass aria-hidden="true" className="size-10" />
      </span>
      <p className="font-mono text-sm font-bold text-coral-600">404</p>
      <h1 className="mt-2 font-display text-4xl font-bold text-primary-900 tb:text-5xl">
        We couldn’t find that page
      </h1>
      <p className="mt-4 text-lg text-ink-soft">
        Nothing lives at{' '}
        <code className="rounded bg-white px-1.5 py-0.5 font-mono text-base break-all">{path}</code> yet. It
        may have moved, or the link may be mistyped.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <ButtonLink href="/" size="lg">
          <Home aria-hidden="true" className="size-5" />
          Go to the home page
        </ButtonLink>
        <ButtonLink href="/shop" size="lg" variant="secondary">
          <ShoppingBag aria-hidden="true" className="size-5" />
          Browse all media
        </ButtonLink>
      </div>
      <p className="mt-8 text-sm text-ink-muted">
        Looking for something specific?{' '}
        <a
          className="inline-flex items-center gap-1 font-semibold text-primary-700 underline"
          href={`mailto:${config.contactEmail}`}
        >
          <Mail aria-hidden="true" className="size-4" />
          E-mail us
        </a>{' '}
        or call {config.contactPhone}.
      </p>
    </section>
  );
}
