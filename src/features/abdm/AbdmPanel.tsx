import { createActor } from 'xstate';
import { config } from '../../config';
import { useApp } from '../../system/AppContext';
import { abdmLogic } from '../../system/abdm';
import type { AppSystem } from '../../system/app';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { Button } from '../../ui/Button';
import { TextField } from '../../ui/form/TextField';
import { SelectMenu } from '../../ui/SelectMenu';
import { AbdmQuoteDetails } from './AbdmQuoteDetails';
import {
  type AbdmActor,
  useAbdmFailure,
  useAbdmQuote,
  useAbdmRates,
  useCanQuote,
  useChosenList,
  useLoadingRates,
  useQuoting,
  useRatesError,
  useZipcodes,
} from './useAbdm';

const loadingLists = (
  <p role="status" className="text-sm text-ink-muted">
    Loading the mailing lists…
  </p>
);

/**
 * Audience-based direct mail: a postcard to the households of one mailing list in the zip codes
 * chosen. A view over the flow's actor (machines/abdm), one per zip code: the route keys it by zip.
 */
export function AbdmPanel({ zip }: { zip: string }) {
  const app = useApp();
  return (
    <section
      aria-labelledby="abdm-heading"
      className="flex flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-5 shadow-sm tb:p-6"
    >
      <div>
        <h2 id="abdm-heading" className="font-display text-2xl font-bold text-primary-900">
          Quote an audience mailing
        </h2>
        <p className="mt-1 text-ink-soft">
          Choose a mailing list and the zip codes to reach: only the households on the list get your postcard.
        </p>
      </div>
      {/* The app's actors arrive right after the first render; until then the lists are loading anyway. */}
      {app ? <AbdmFlow app={app} zip={zip} /> : loadingLists}
    </section>
  );
}

function AbdmFlow({ app, zip }: { app: AppSystem; zip: string }) {
  const abdm = useFlowActor(() =>
    createActor(abdmLogic(app), { ...app.actorOptions, input: { zip, productName: config.productName } }),
  );
  const rates = useAbdmRates(abdm);
  const ratesError = useRatesError(abdm);
  const loading = useLoadingRates(abdm);
  const failure = useAbdmFailure(abdm);
  const quote = useAbdmQuote(abdm);
  const lists = rates?.rates ?? [];

  return (
    <>
      {loading ? loadingLists : null}
      {ratesError ? (
        <p role="alert" className="flex flex-wrap items-center gap-2 text-sm font-semibold text-coral-700">
          {ratesError}
          <button type="button" className="underline" onClick={() => abdm.send({ type: 'abdm.retry' })}>
            Try again
          </button>
        </p>
      ) : null}
      {rates && lists.length === 0 ? (
        <p className="text-sm text-ink-soft">
          No mailing lists are sold around {zip} yet. Try another zip code.
        </p>
      ) : null}
      {lists.length > 0 ? <AbdmForm abdm={abdm} /> : null}
      {failure ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {failure.message}
        </p>
      ) : null}
      {quote ? <AbdmQuoteDetails abdm={abdm} quote={quote} /> : null}
    </>
  );
}

/** The mailing list and the zip codes, and Get quote. */
function AbdmForm({ abdm }: { abdm: AbdmActor }) {
  const lists = useAbdmRates(abdm)?.rates ?? [];
  const chosen = useChosenList(abdm);
  const zipcodes = useZipcodes(abdm);
  const fields = useAbdmFailure(abdm)?.fields;
  const canQuote = useCanQuote(abdm);
  const quoting = useQuoting(abdm);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        abdm.send({ type: 'abdm.quoteRequested' });
      }}
      noValidate
      className="grid gap-4 tb:grid-cols-2"
    >
      <div className="flex flex-col gap-1.5">
        <SelectMenu
          label="Mailing list"
          value={chosen}
          options={lists.map((r) => ({
            value: r.mediacode,
            label: `${r.list} · ${r.per_thousand_formatted} per 1,000`,
          }))}
          onChange={(mediacode) => abdm.send({ type: 'abdm.listChosen', mediacode })}
        />
        {fields?.mediacode ? (
          <p className="text-sm font-semibold text-coral-700">{fields.mediacode}</p>
        ) : null}
      </div>
      <TextField
        label="Zip codes"
        name="zipcodes"
        required
        value={zipcodes}
        onValueChange={(text) => abdm.send({ type: 'abdm.zipcodesChanged', text })}
        error={fields?.zipcodes}
        hint="Separate them with commas, like 60614, 60657, 60613."
        inputMode="numeric"
        autoComplete="off"
      />
      <div className="tb:col-span-2">
        <Button type="submit" disabled={!canQuote}>
          {quoting ? 'Quoting…' : 'Get quote'}
        </Button>
      </div>
    </form>
  );
}
