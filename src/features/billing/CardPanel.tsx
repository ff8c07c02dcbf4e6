import { useSelector } from '@xstate/react';
import { CreditCard, RotateCw, Trash2 } from 'lucide-react';
import { createActor } from 'xstate';
import type { PaymentSettings } from '../../../contract/payments';
import { can, type Role } from '../../../contract/roles';
import {
  type PaymentSwitch,
  selectSettings,
  selectSettingsBusy,
  selectSettingsError,
  selectSettingsFailed,
  selectSettingsNotice,
} from '../../../machines/billing/paymentSettings.machine';
import { useLoadedApp } from '../../system/AppContext';
import { useUserData } from '../../system/hooks/session';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { paymentSettingsLogic } from '../../system/paymentSettings';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { Switch } from '../../ui/Switch';

type PanelActor = ReturnType<typeof useCardPanelActor>;

function useCardPanelActor(sessionId: string | null) {
  const app = useLoadedApp();
  return useFlowActor(() =>
    createActor(paymentSettingsLogic(), { ...app.actorOptions, input: { sessionId } }),
  );
}

/** "Visa •••• 4242, expires 12/2030". */
const cardInWords = (card: NonNullable<PaymentSettings['card']>) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} •••• ${card.last4}, expires ${String(card.exp_month).padStart(2, '0')}/${card.exp_year}`;

function SavedCard({ actor, settings }: { actor: PanelActor; settings: PaymentSettings }) {
  const busy = useSelector(actor, selectSettingsBusy);
  if (!settings.card)
    return (
      <div className="flex flex-col items-start gap-2">
        <p className="text-sm text-ink-muted">
          No card is saved. Save one on Stripe’s secure page to pay invoices automatically; its number never
          reaches us.
        </p>
        <Button onClick={() => actor.send({ type: 'card.save' })} disabled={busy}>
          <CreditCard aria-hidden="true" className="size-4" />
          Save a card
        </Button>
      </div>
    );
  return (
    <div className="flex flex-wrap items-center gap-3">
      <p className="font-semibold text-ink">{cardInWords(settings.card)}</p>
      <Button variant="secondary" onClick={() => actor.send({ type: 'card.save' })} disabled={busy}>
        Replace card
      </Button>
      <Button variant="ghost" onClick={() => actor.send({ type: 'card.remove' })} disabled={busy}>
        <Trash2 aria-hidden="true" className="size-4" />
        Remove card
      </Button>
    </div>
  );
}

/** The panel's switches, each with who sees it and what it means. */
const SWITCHES: ReadonlyArray<{
  name: PaymentSwitch;
  label: string;
  hint: string;
  shown: (settings: PaymentSettings, role: Role | undefined) => boolean;
}> = [
  {
    name: 'auto_pay',
    label: 'Pay invoices automatically',
    hint: 'Each invoice is charged to the saved card on the day it is issued. If the card is declined, the billing contact is told and we try again 3 and 7 days later.',
    shown: (settings) => settings.card !== null,
  },
  {
    name: 'members_may_pay',
    label: 'Members may pay invoices',
    hint: 'Members can then see the invoices and pay them with Pay now.',
    shown: (_, role) => can(role, 'membersMayPay'),
  },
];

function Switches({ actor, settings }: { actor: PanelActor; settings: PaymentSettings }) {
  const role = useUserData()?.role;
  return (
    <div className="flex flex-col gap-3">
      {SWITCHES.filter((s) => s.shown(settings, role)).map((s) => (
        <div key={s.name} className="flex flex-col gap-1">
          <Switch
            label={s.label}
            checked={settings[s.name]}
            onChange={(on) => actor.send({ type: 'settings.switched', name: s.name, on })}
          />
          <p className="text-sm text-ink-muted">{s.hint}</p>
        </div>
      ))}
    </div>
  );
}

/**
 * The company's card on /billing (owner and admins): the saved card, Save a card / Remove card, the
 * automatic payment switch, and for the owner whether members may pay. `sessionId` is Stripe's setup
 * page the browser came back from, looked at once.
 */
export function CardPanel({ sessionId }: { sessionId: string | null }) {
  const actor = useCardPanelActor(sessionId);
  const settings = useSelector(actor, selectSettings);
  const failed = useSelector(actor, selectSettingsFailed);
  const error = useSelector(actor, selectSettingsError);
  const notice = useSelector(actor, selectSettingsNotice);
  return (
    <section aria-labelledby="card-panel" className="flex flex-col gap-4">
      <h2 id="card-panel" className="text-lg font-bold text-ink">
        Card and automatic payment
      </h2>
      {failed ? (
        <div className="flex flex-col items-start gap-3">
          <FormAlert tone="error">{error}</FormAlert>
          <Button variant="secondary" onClick={() => actor.send({ type: 'settings.retry' })}>
            <RotateCw aria-hidden="true" className="size-4" />
            Try again
          </Button>
        </div>
      ) : !settings ? (
        <Spinner label="Loading the card settings" />
      ) : !settings.cards ? (
        <p className="text-sm text-ink-muted">
          Card payments are not set up here: invoices are paid by bank transfer or check.
        </p>
      ) : (
        <>
          <SavedCard actor={actor} settings={settings} />
          <Switches actor={actor} settings={settings} />
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          {notice ? (
            <p role="status" className="text-sm text-ink-muted">
              {notice}
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
