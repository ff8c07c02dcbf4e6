import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { config } from '../../config';
import { isCodeLoadError } from '../../lib/codeLoadError';
import { Button, ButtonLink } from '../../ui/Button';

/** Shown when a page fails to load; the header, footer and anything stored stay as they were. */
export function RouteErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  // Code that failed to download stays failed until the page loads again; anything else can be asked
  // for again in place.
  const reload = isCodeLoadError(error);
  const retry = () => {
    if (reload) {
      window.location.reload();
      return;
    }
    reset();
    void router.invalidate();
  };
  return (
    <section role="alert" className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <TriangleAlert aria-hidden="true" className="size-12 text-coral" />
      <h1 className="mt-4 font-display text-3xl font-bold text-primary-900">This page didn’t load</h1>
      <p className="mt-3 text-lg text-ink-soft">
        {error instanceof Error && error.message ? error.message : 'Something went wrong.'} Your cart and
        anything you typed are safe.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button size="lg" onClick={retry}>
          <RotateCw aria-hidden="true" className="size-5" />
          {reload ? 'Reload the page' : 'Try again'}
        </Button>
        <ButtonLink href="/" size="lg" variant="secondary">
          Go to the home page
        </ButtonLink>
      </div>
      <p className="mt-6 text-sm text-ink-muted">Still stuck? Call us at {config.contactPhone}.</p>
    </section>
  );
}
