import { useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { type FormEvent, useEffect, useState } from 'react';
import type { EddmArea } from '../../../contract/directMail';
import { formatCount } from '../../../contract/money';
import { useLoadedApp } from '../../system/AppContext';
import { type EddmAreasActor, eddmAreasActorOf } from '../../system/eddmAreas';
import { useIsSignedIn } from '../../system/hooks/session';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { SiteLink } from '../../ui/SiteLink';
import { Spinner } from '../../ui/Spinner';
import { useResidentialOnly, useSelectedRoutes } from './useEddm';

const card = 'rounded-3xl border border-primary-100 bg-white p-5 shadow-sm';
const input =
  'w-full min-w-0 rounded-xl border border-primary-200 bg-white px-3 py-2 text-ink focus:border-primary-500 focus:outline-none focus:ring-2 focus:ring-primary-200';

/** "60614, 60657 and 60610": a few names in a sentence. */
const inWords = (items: readonly string[]): string =>
  items.length <= 1 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;

const useAreasActor = (): EddmAreasActor => eddmAreasActorOf(useLoadedApp());

/**
 * Saved areas (issue 34): the company's named selections of carrier routes. A signed-in person saves
 * the current selection under a name, and uses, renames or deletes the team's areas; signed out, a
 * link to sign in brings them back to this page.
 */
export function SavedAreas() {
  const actor = useAreasActor();
  const signedIn = useIsSignedIn();
  // Read the company's areas once signed in (again on each sign-in), forget them on signing out.
  useEffect(() => {
    actor.send({ type: signedIn ? 'areas.load' : 'areas.signedOut' });
  }, [actor, signedIn]);

  return (
    <section aria-labelledby="saved-areas-heading" className={card}>
      <h2 id="saved-areas-heading" className="text-lg font-bold text-ink">
        Saved areas
      </h2>
      {signedIn ? <SignedInAreas actor={actor} /> : <SignInToSave />}
    </section>
  );
}

function SignInToSave() {
  const here = useRouterState({ select: (s) => s.location.href });
  return (
    <p className="mt-2 text-ink-soft">
      <SiteLink
        href={`/login?redirect=${encodeURIComponent(here)}`}
        className="font-semibold text-primary-700 underline"
      >
        Sign in to save this selection
      </SiteLink>{' '}
      as an area your team can use again.
    </p>
  );
}

function SignedInAreas({ actor }: { actor: EddmAreasActor }) {
  const state = useSelector(actor, (s) => s.value);
  const areas = useSelector(actor, (s) => s.context.areas);
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const actionError = useSelector(actor, (s) => s.context.actionError);
  const notice = useSelector(actor, (s) => s.context.notice);
  const deleting = useSelector(
    actor,
    (s) => s.context.areas.find((a) => a.id === s.context.deleting) ?? null,
  );
  const busy = useSelector(actor, (s) => s.hasTag('busy'));

  return (
    <div className="mt-3 flex flex-col gap-4">
      <SaveAsArea actor={actor} busy={busy} />
      <p role="status" className="text-sm font-semibold text-mint-700 empty:hidden">
        {notice}
      </p>
      {actionError ? (
        <p role="alert" className="rounded-2xl bg-coral-50 p-3 text-sm font-semibold text-coral-700">
          {actionError}
        </p>
      ) : null}
      {state === 'loading' ? <Spinner label="Loading your saved areas…" className="text-ink-soft" /> : null}
      {state === 'failed' ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-2xl bg-coral-50 p-3">
          <p className="text-sm font-semibold text-coral-700">{loadError}</p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'areas.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {state !== 'loading' && state !== 'failed' && areas.length === 0 ? (
        <p className="text-sm text-ink-soft">Your team has no saved areas yet.</p>
      ) : null}
      {areas.length > 0 ? (
        <ul aria-label="Your team’s saved areas" className="flex flex-col gap-3">
          {areas.map((area) => (
            <AreaItem key={area.id} area={area} actor={actor} busy={busy} />
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        confirmLabel={`Delete ${deleting?.name ?? ''}`}
        dismissLabel="Keep it"
        onConfirm={() => actor.send({ type: 'areas.deleteConfirmed' })}
        onDismiss={() => actor.send({ type: 'areas.deleteCancelled' })}
      >
        Nobody on your team can use it after this. Mailings already ordered keep their routes.
      </ConfirmDialog>
    </div>
  );
}

/** Names the current selection and saves it for the team. */
function SaveAsArea({ actor, busy }: { actor: EddmAreasActor; busy: boolean }) {
  const selected = useSelectedRoutes();
  const residentialOnly = useResidentialOnly();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actor.send({
      type: 'areas.save',
      draft: { name, routes: selected.map((r) => r.routecode), residentialOnly },
    });
  };
  // The name is cleared once the save it named succeeded (a refused one keeps it, to be changed).
  const saving = useSelector(actor, (s) => s.matches('saving'));
  const failed = useSelector(actor, (s) => s.context.actionError !== null);
  // Adjusted while rendering, as the save ends (React's way to follow a change without an effect).
  const [wasSaving, setWasSaving] = useState(saving);
  if (wasSaving !== saving) {
    setWasSaving(saving);
    if (wasSaving && !failed) setName('');
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-2">
      <label htmlFor="area-name" className="text-sm font-semibold text-ink">
        Name this selection
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id="area-name"
          className={`${input} flex-1`}
          value={name}
          maxLength={80}
          placeholder="Around the shop"
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" disabled={busy || selected.length === 0 || name.trim() === ''}>
          Save as area
        </Button>
      </div>
      {selected.length === 0 ? (
        <p className="text-sm text-ink-soft">Choose carrier routes on the map to save them as an area.</p>
      ) : null}
    </form>
  );
}

function AreaItem({ area, actor, busy }: { area: EddmArea; actor: EddmAreasActor; busy: boolean }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(area.name);
  const headingId = `area-${area.id}`;
  const routes = area.routes.length;
  return (
    <li aria-labelledby={headingId} className="rounded-2xl border border-primary-100 p-4">
      <h3 id={headingId} className="font-bold text-ink">
        {area.name}
      </h3>
      <p className="text-sm text-ink-soft">
        {area.counts_unavailable ? (
          <>In {inWords(area.zips)}</>
        ) : (
          <>
            {formatCount(routes)} route{routes === 1 ? '' : 's'} in {inWords(area.zips)} ·{' '}
            {formatCount(area.pieces)} pieces{area.residential_only ? ' (homes only)' : ''}
          </>
        )}
        {area.created_by ? ` · saved by ${area.created_by}` : ''}
      </p>
      {area.counts_unavailable ? (
        <p className="text-sm font-semibold text-coral-700">
          Counts could not be read now: the carrier route service did not answer. Try again in a few minutes.
        </p>
      ) : null}
      {area.missing.length > 0 ? (
        <p className="text-sm font-semibold text-coral-700">
          {area.missing.length === 1 ? 'Route' : 'Routes'} {inWords(area.missing)}{' '}
          {area.missing.length === 1 ? 'is' : 'are'} no longer delivered and will be left out.
        </p>
      ) : null}
      {renaming ? (
        <form
          className="mt-3 flex flex-wrap gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'areas.rename', id: area.id, name });
            setRenaming(false);
          }}
        >
          <label htmlFor={`${headingId}-name`} className="sr-only">
            New name for {area.name}
          </label>
          <input
            id={`${headingId}-name`}
            className={`${input} flex-1`}
            value={name}
            maxLength={80}
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" disabled={busy || name.trim() === ''}>
            Save name
          </Button>
          <Button variant="ghost" onClick={() => setRenaming(false)}>
            Cancel
          </Button>
        </form>
      ) : (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            variant="secondary"
            aria-label={`Use ${area.name}`}
            disabled={routes === 0}
            onClick={() => actor.send({ type: 'areas.use', id: area.id })}
          >
            Use
          </Button>
          {area.may_change ? (
            <>
              <Button
                variant="ghost"
                aria-label={`Rename ${area.name}`}
                disabled={busy}
                onClick={() => {
                  setName(area.name);
                  setRenaming(true);
                }}
              >
                Rename
              </Button>
              <Button
                variant="ghost"
                aria-label={`Delete ${area.name}`}
                disabled={busy}
                onClick={() => actor.send({ type: 'areas.deleteRequested', id: area.id })}
              >
                Delete
              </Button>
            </>
          ) : null}
        </div>
      )}
    </li>
  );
}
