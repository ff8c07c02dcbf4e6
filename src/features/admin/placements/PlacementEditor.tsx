import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import { DIGITAL_PARTNERS, LIFESTYLES, MEDIA_TYPES, type MediaType } from '../../../../contract/mediaTypes';
import { NEW_PLACEMENT } from '../../../../machines/admin/placementDraft';
import { type PlacementDraft, selectIsDirty } from '../../../../machines/admin/placementEditor.machine';
import { mediaLabel } from '../../../lib/channels';
import { useLoadedApp } from '../../../system/AppContext';
import { marketsLogic, placementEditorLogic } from '../../../system/admin/placements';
import { useRequestData } from '../../../system/hooks/request';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { Button } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { TextField } from '../../../ui/form/TextField';
import { SiteLink } from '../../../ui/SiteLink';
import { Spinner } from '../../../ui/Spinner';
import { Switch } from '../../../ui/Switch';
import { EditorSection, NumberField, SelectField } from './fields';
import { ImagesSection } from './ImagesSection';
import { RateCardSection } from './RateCardSection';
import { ScheduleSection } from './ScheduleSection';
import { rulesOfPreset } from './schedulePresets';

/** The schedule a channel is sold by, when the channel changes: issues for magazines, weeks or none. */
const DATES_OF: Record<MediaType, 'monthly' | 'weekly' | 'none'> = {
  printmag: 'monthly',
  tv: 'weekly',
  ctv: 'weekly',
  dooh: 'weekly',
  digital: 'weekly',
  eddm: 'weekly',
  abdm: 'weekly',
  email: 'weekly',
  custom: 'none',
};

/**
 * /admin/placements/{code} and /admin/placements/new: the placement editor (machines/admin/
 * placementEditor.machine.ts) in sections. Saving claims the version the form started from; when
 * someone else saved first the page says so and offers their version or saving over it.
 */
export function PlacementEditor({ mediacode }: { mediacode: string | null }) {
  const navigate = useNavigate();
  const app = useLoadedApp();
  const editor = useFlowActor(() =>
    createActor(
      placementEditorLogic((code) => {
        // The form was just saved: the blocker's "Leave without saving" must not ask (its last render still saw changes).
        void navigate({
          href: `/admin/placements/${encodeURIComponent(code)}`,
          replace: true,
          ignoreBlocker: true,
        });
      }),
      { ...app.actorOptions, input: { mediacode, blank: NEW_PLACEMENT } },
    ),
  );
  const markets = useFlowActor(() =>
    createActor(marketsLogic(), { ...app.actorOptions, input: { key: 'markets' } }),
  );
  const marketList = useRequestData(markets) ?? [];
  const state = useSelector(editor, (s) => s);
  const { draft, saved, errors, message, theirs } = state.context;
  const dirty = useSelector(editor, selectIsDirty);
  useBlocker({
    shouldBlockFn: () => dirty && !window.confirm('Leave without saving your changes to this placement?'),
    enableBeforeUnload: () => dirty,
  });

  if (state.matches('loading') || state.matches('starting')) return <Spinner label="Loading the placement" />;
  if (state.matches('loadFailed'))
    return (
      <div className="flex flex-wrap items-center gap-3">
        <FormAlert tone="error">{message ?? 'The placement could not be loaded.'}</FormAlert>
        <Button variant="secondary" onClick={() => editor.send({ type: 'placement.retry' })}>
          Try again
        </Button>
      </div>
    );

  const edit = (fields: Partial<PlacementDraft>) => editor.send({ type: 'placement.edit', fields });
  const saving = state.hasTag('busy');
  const channelLocked = (saved?.orders ?? 0) > 0;
  // A new placement's first save moves to its own page, whose editor loads it afresh: what was typed
  // meanwhile would be lost there, so the fields wait for the answer.
  const creating = saving && saved === null;

  return (
    <form
      className="grid gap-6"
      onSubmit={(event) => {
        event.preventDefault();
        editor.send({ type: 'placement.save' });
      }}
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <SiteLink href="/admin/placements" className="text-sm text-primary-700 underline">
            Placements
          </SiteLink>
          <h1 className="text-2xl font-bold text-ink">
            {saved ? `${saved.name} (${saved.mediacode})` : 'New placement'}
          </h1>
          {saved?.updated_at ? (
            <p className="text-sm text-ink-muted">
              Saved {new Date(saved.updated_at).toLocaleString('en-US')}
              {saved.updated_by ? ` by ${saved.updated_by}` : ''}, version {saved.version}
            </p>
          ) : null}
        </div>
        <div className="flex items-center gap-3">
          <p role="status" className="text-sm font-semibold text-primary-700">
            {state.matches({ editing: 'saved' }) ? 'Saved' : saving ? 'Saving…' : ''}
          </p>
          <Button type="submit" inactive={saving} disabled={!dirty && !saving}>
            Save placement
          </Button>
        </div>
      </div>

      {state.matches('conflicted') && theirs ? (
        <div role="alert" className="grid gap-3 rounded-card border-2 border-coral-700 bg-coral-50 p-4">
          <p className="font-bold text-ink">Someone else saved this placement</p>
          <p className="text-sm text-ink">{message}</p>
          <div className="flex flex-wrap gap-3">
            <Button variant="secondary" onClick={() => editor.send({ type: 'placement.loadTheirs' })}>
              Load their version
            </Button>
            <Button onClick={() => editor.send({ type: 'placement.keepMine' })}>
              Keep mine and save again
            </Button>
          </div>
        </div>
      ) : null}
      {state.matches('failed') ? (
        <div className="flex flex-wrap items-center gap-3">
          <FormAlert tone="error">{message ?? 'The placement could not be saved.'}</FormAlert>
          <Button variant="secondary" onClick={() => editor.send({ type: 'placement.retry' })}>
            Try again
          </Button>
        </div>
      ) : null}
      {state.matches({ editing: 'invalid' }) && message ? (
        <FormAlert tone="error">{message}</FormAlert>
      ) : null}

      <fieldset disabled={creating} className="contents">
        <EditorSection title="Basics">
          <TextField
            label="Name"
            name="name"
            required
            value={draft.name}
            onValueChange={(name) => edit({ name })}
            error={errors.name}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <SelectField
              label="Channel"
              value={
                draft.media_type === 'digital' ? `digital:${draft.partner ?? 'google'}` : draft.media_type
              }
              onChange={(value) => {
                const [type, partner] = value.split(':') as [
                  MediaType,
                  (typeof DIGITAL_PARTNERS)[number] | undefined,
                ];
                edit({
                  media_type: type,
                  partner: partner ?? null,
                  schedule:
                    type === draft.media_type
                      ? draft.schedule
                      : rulesOfPreset(DATES_OF[type], draft.schedule),
                });
              }}
              options={MEDIA_TYPES.flatMap((type) =>
                type === 'digital'
                  ? DIGITAL_PARTNERS.map((partner) => ({
                      value: `digital:${partner}`,
                      label: `${mediaLabel(type, partner)} (${partner})`,
                    }))
                  : [{ value: type, label: mediaLabel(type) }],
              )}
              error={errors.media_type ?? (channelLocked ? undefined : errors.partner)}
            />
            <SelectField
              label="Market"
              value={draft.prodcode ?? ''}
              onChange={(value) => edit({ prodcode: value || null })}
              options={[
                { value: '', label: 'National (no market)' },
                ...marketList.map((m) => ({ value: m.prodcode, label: m.name })),
              ]}
              error={errors.prodcode}
            />
            <SelectField
              label="Audience"
              value={draft.lifestyle}
              onChange={(value) => edit({ lifestyle: value as PlacementDraft['lifestyle'] })}
              options={LIFESTYLES.map((l) => ({ value: l.value, label: l.label }))}
              error={errors.lifestyle}
            />
          </div>
          {channelLocked ? (
            <p className="text-sm text-ink-muted">It has orders, so its channel stays as it is.</p>
          ) : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="placement-description" className="text-sm font-bold text-ink">
              Description
            </label>
            <textarea
              id="placement-description"
              value={draft.description}
              onChange={(event) => edit({ description: event.target.value })}
              rows={4}
              className="rounded-xl border-2 border-primary-100 p-3 text-base text-ink focus:border-primary"
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <NumberField
              label="Unit price"
              name="unit_price"
              inputMode="decimal"
              required
              value={draft.unit_price}
              onNumberChange={(unit_price) => edit({ unit_price })}
              error={errors.unit_price}
            />
            <TextField
              label="Unit label"
              name="unit_label"
              required
              value={draft.unit_label}
              onValueChange={(unit_label) => edit({ unit_label })}
              error={errors.unit_label}
            />
            <NumberField
              label="Reach"
              name="reach"
              inputMode="numeric"
              required
              value={draft.reach}
              onNumberChange={(reach) => edit({ reach })}
              error={errors.reach}
            />
            <TextField
              label="Reach label"
              name="reach_label"
              value={draft.reach_label}
              onValueChange={(reach_label) => edit({ reach_label })}
              error={errors.reach_label}
            />
          </div>
        </EditorSection>

        <RateCardSection
          card={draft.rate_card}
          errors={errors}
          onChange={(rate_card) => edit({ rate_card })}
        />
        <ScheduleSection
          rules={draft.schedule}
          dates={saved?.dates ?? []}
          errors={errors}
          onChange={(schedule) => edit({ schedule })}
        />
        <EditorSection title="Spec sheet">
          <TextField
            label="Spec sheet"
            name="spec_sheet"
            value={draft.spec_sheet ?? ''}
            onValueChange={(text) => edit({ spec_sheet: text.trim() || null })}
            hint="The slug of the spec sheet its ads are checked against; empty: its channel’s."
            error={errors.spec_sheet}
          />
        </EditorSection>
        <ImagesSection
          placement={saved}
          onChanged={(placement) => editor.send({ type: 'placement.imagesChanged', placement })}
        />
        <EditorSection title="Published">
          <Switch label="Published" checked={draft.published} onChange={(published) => edit({ published })} />
          <p className="text-sm text-ink-muted">
            Unpublished, it leaves the shop, the search and quotes at once; its orders keep it.
          </p>
        </EditorSection>
      </fieldset>
    </form>
  );
}
