import { RotateCw, Save, X } from 'lucide-react';
import { useRef, useState } from 'react';
import { createActor } from 'xstate';
import { type StandingPo, type StandingPoAnswer, standingPoBody } from '../../../contract/billing';
import { saveStandingPo } from '../../api/billing';
import { useLoadedApp } from '../../system/AppContext';
import { useCurrentAnswer, useRequestError } from '../../system/hooks/request';
import { useUserData } from '../../system/hooks/session';
import { useSendToToasts } from '../../system/hooks/toasts';
import { useFlowActor } from '../../system/hooks/useFlowActor';
import { watchCustomer } from '../../system/requests';
import { standingPoLogic } from '../../system/standingPo';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { TextField } from '../../ui/form/TextField';
import { useForm } from '../../ui/form/useForm';
import { Spinner } from '../../ui/Spinner';
import { dayInWords } from '../orders/orderWords';

/** "Set by Dana Reyes on Jan 11, 2027", or without a name once their account is gone. */
const setInWords = (po: StandingPo) =>
  `Set${po.set_by ? ` by ${po.set_by}` : ''} on ${dayInWords(po.set_at.slice(0, 10))}.`;

/** The form, from the standing PO as loaded; each save's answer is what it shows next. */
function StandingPoFields({ loaded }: { loaded: StandingPoAnswer }) {
  const toast = useSendToToasts();
  const [shown, setShown] = useState(loaded.standing_po);
  const [note, setNote] = useState<string | null>(null);
  // "Remove" submits the same form with an empty number, whatever is typed. Each submit says which
  // button sent it (a failed removal must not turn the next Save into one).
  const removing = useRef(false);
  const form = useForm({
    initial: { po_number: loaded.standing_po?.po_number ?? '' },
    schema: standingPoBody,
    toBody: ({ po_number }) => ({ po_number: removing.current ? '' : po_number }),
    submit: saveStandingPo,
    onSuccess: (answer, message) => {
      setShown(answer.standing_po);
      form.set('po_number')(answer.standing_po?.po_number ?? '');
      setNote(message);
      toast({
        type: 'toast.show',
        variant: 'success',
        message: answer.standing_po ? 'Standing PO saved.' : 'Standing PO removed.',
      });
    },
  });
  return (
    <form
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        if (!form.submitting) removing.current = submitter?.getAttribute('value') === 'remove';
        form.onSubmit(event);
      }}
      noValidate
      aria-labelledby="standing-po"
      className="flex flex-col gap-4"
    >
      <h2 id="standing-po" className="text-lg font-bold text-ink">
        Standing PO
      </h2>
      <p className="-mt-2 text-sm text-ink-muted">
        {shown
          ? `Every checkout starts with this PO number, until it is removed. ${setInWords(shown)}`
          : 'None: each checkout asks for its own PO number. Set one if every purchase goes on the same PO.'}
      </p>
      {/* Says what a save did, for whoever does not see the toast; gone once the field is typed in. */}
      {note ? <FormAlert tone="success">{note}</FormAlert> : null}
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <TextField
        label="Standing PO number"
        name="po_number"
        value={form.values.po_number}
        error={form.errors.po_number}
        maxLength={40}
        onValueChange={(typed) => {
          setNote(null);
          form.set('po_number')(typed);
        }}
        className="max-w-sm"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" inactive={form.submitting}>
          <Save aria-hidden="true" className="size-4" />
          {form.submitting && !removing.current ? 'Saving…' : 'Save standing PO'}
        </Button>
        {shown ? (
          <Button type="submit" variant="secondary" inactive={form.submitting} name="intent" value="remove">
            <X aria-hidden="true" className="size-4" />
            {form.submitting && removing.current ? 'Removing…' : 'Remove standing PO'}
          </Button>
        ) : null}
      </div>
    </form>
  );
}

/**
 * The company's standing PO on /billing: the PO number every checkout uses until it is removed
 * (without one, a PO number belongs to the purchase it is typed for).
 */
export function StandingPoForm() {
  const app = useLoadedApp();
  const user = useUserData();
  const actor = useFlowActor(() =>
    createActor(standingPoLogic(watchCustomer(app.session)), {
      ...app.actorOptions,
      input: { key: user?.uuid ?? null },
    }),
  );
  const loaded = useCurrentAnswer(actor);
  const error = useRequestError(actor);
  if (error)
    return (
      <div className="flex flex-col items-start gap-3">
        <FormAlert tone="error">{error}</FormAlert>
        <Button variant="secondary" onClick={() => actor.send({ type: 'request.retry' })}>
          <RotateCw aria-hidden="true" className="size-4" />
          Try again
        </Button>
      </div>
    );
  if (!loaded) return <Spinner label="Loading the standing PO" />;
  return <StandingPoFields loaded={loaded} />;
}
