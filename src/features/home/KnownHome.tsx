import { createActor } from 'xstate';
import type { MediaType } from '../../../contract/mediaTypes';
import { formatCount } from '../../../contract/money';
import { mediaPath, shopPathForZip } from '../../../contract/shopPaths';
import { channelKey, channelLabel } from '../../lib/channels';
import { useLoadedApp } from '../../system/AppContext';
import { useCurrentAnswer, useRequestError, useRequestStatus } from '../../system/hooks/request';
import { useOrdersStats, useUserData } from '../../system/hooks/session';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { knownHomeLogic } from '../../system/knownHome';
import { watchCustomer } from '../../system/requests';
import { SiteLink } from '../../ui/SiteLink';
import { OnboardingSurvey } from '../survey/OnboardingSurvey';

const STATUS_LABELS = [
  ['upcoming', 'Upcoming', '/orders/upcoming'],
  ['running', 'Running', '/orders/running'],
  ['completed', 'Completed', '/orders/past'],
] as const;

/** The home page of a customer we know (GET /ui/home/known): their orders, what they looked at, their markets. */
export function KnownHome() {
  // Only a signed-in customer sees it, so the app is there.
  const app = useLoadedApp();
  const user = useUserData();
  const stats = useOrdersStats();
  const knownActor = useFlowActor(() =>
    createActor(knownHomeLogic(watchCustomer(app.session)), {
      ...app.actorOptions,
      input: { key: user?.uuid ?? null },
    }),
  );
  const status = useRequestStatus(knownActor);
  const known = useCurrentAnswer(knownActor);
  const failure = useRequestError(knownActor);
  if (!user?.uuid) return null;
  const firstname = known ? known.firstname : (user.firstname ?? '');

  return (
    <section
      aria-labelledby="known-heading"
      className="mx-auto w-full max-w-page px-4 pb-10 tb:px-6 xl:px-10"
    >
      <div className="flex flex-col gap-6 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm tb:p-8">
        <h2 id="known-heading" className="font-display text-3xl font-bold text-primary-900">
          {/* "Welcome back" only to someone the API says has been here before. */}
          {user.first_visit === false ? 'Welcome back' : 'Welcome'}
          {firstname ? `, ${firstname}` : ''}
        </h2>
        <ul aria-label="Your orders" className="grid grid-cols-3 gap-3">
          {STATUS_LABELS.map(([status, label, href]) => (
            <li key={status}>
              <SiteLink
                href={href}
                className="flex flex-col rounded-2xl bg-primary-50 px-4 py-3 hover:bg-primary-100"
              >
                <span className="text-2xl font-extrabold text-primary-900 tabular-nums">
                  {stats ? formatCount(stats[status] ?? 0) : '–'}
                </span>
                <span className="text-sm font-semibold text-ink-soft">{label} orders</span>
              </SiteLink>
            </li>
          ))}
        </ul>
        {status === 'pending' ? (
          <p role="status" className="text-sm text-ink-muted">
            Loading your recent activity…
          </p>
        ) : null}
        {status === 'failed' ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
            {failure}
            <button
              type="button"
              className="underline"
              onClick={() => knownActor.send({ type: 'request.retry' })}
            >
              Try again
            </button>
          </p>
        ) : null}
        {known ? (
          <div className="grid gap-6 md:grid-cols-[2fr_1fr]">
            <div>
              <h3 className="mb-2 font-bold text-ink">Recently viewed</h3>
              {known.recent_views.length === 0 ? (
                <p className="text-sm text-ink-soft">
                  Placements you open show up here, to come back to them.
                </p>
              ) : (
                <ul className="flex flex-col gap-1">
                  {known.recent_views.map((view) => (
                    <li key={view.mediacode}>
                      <SiteLink
                        href={mediaPath({
                          media_type: view.media_type as MediaType,
                          mediacode: view.mediacode,
                        })}
                        className="flex flex-wrap items-baseline justify-between gap-x-3 rounded-xl px-3 py-2 hover:bg-primary-50"
                      >
                        <span className="font-semibold text-primary-800">{view.name}</span>
                        <span className="text-sm text-ink-muted">
                          {channelLabel(channelKey(view.media_type, null)) || 'Online'} · {view.market}
                        </span>
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              )}
            </div>
            <div>
              <h3 className="mb-2 font-bold text-ink">Your markets</h3>
              {known.markets.length === 0 ? (
                <p className="text-sm text-ink-soft">The markets you buy in will be one click away.</p>
              ) : (
                <ul className="flex flex-wrap gap-2">
                  {known.markets.map((market) => (
                    <li key={market.prodcode}>
                      <SiteLink
                        href={shopPathForZip(market.zip)}
                        className="inline-flex rounded-full bg-mint-100 px-3 py-1.5 text-sm font-semibold text-mint-700 hover:bg-mint-200"
                      >
                        {market.name}
                      </SiteLink>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          </div>
        ) : null}
        <OnboardingSurvey />
      </div>
    </section>
  );
}
