import { Save } from 'lucide-react';
import { useState } from 'react';
import { type BillingContact, billingContact } from '../../../contract/cart';
import { BILLING_FIELDS, type BillingField } from '../../../machines/checkout/checkout.machine';
import { saveBillingContact } from '../../api/billing';
import { useSendToToasts } from '../../system/hooks/toasts';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { useForm } from '../../ui/form/useForm';
import { BillingContactFields, type FieldProps } from './BillingContactFields';

const EMPTY = Object.fromEntries(BILLING_FIELDS.map((f) => [f, ''])) as Record<BillingField, string>;

/** The contact as typed, for the API: a PO number belongs to a purchase (or is the standing PO), not to it. */
const toBody = ({ po_number: _, ...rest }: Record<BillingField, string>) => rest;

/** The company's billing contact: where invoices go, and what the next checkout starts from. */
export function BillingContactForm({ saved }: { saved: BillingContact | null }) {
  const toast = useSendToToasts();
  const [note, setNote] = useState<string | null>(null);
  const form = useForm({
    initial: saved ? { ...EMPTY, ...saved, po_number: '' } : EMPTY,
    schema: billingContact,
    toBody,
    submit: saveBillingContact,
    onSuccess: (_, message) => {
      setNote(message);
      toast({ type: 'toast.show', variant: 'success', message: 'Billing contact saved.' });
    },
  });
  const field: FieldProps = (name, shape = (typed) => typed) => ({
    name,
    value: form.values[name],
    error: form.errors[name],
    onValueChange: (typed) => {
      setNote(null);
      form.set(name)(shape(typed));
    },
  });
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="billing-contact"
      className="flex flex-col gap-4"
    >
      <h2 id="billing-contact" className="text-lg font-bold text-ink">
        Billing contact
      </h2>
      <p className="-mt-2 text-sm text-ink-muted">
        {saved
          ? 'Invoices of your next orders go here; checkout starts from it.'
          : 'Save where invoices go: your next checkout starts from it.'}
      </p>
      {note ? <FormAlert tone="success">{note}</FormAlert> : null}
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <BillingContactFields field={field} />
      <Button type="submit" inactive={form.submitting} className="self-start">
        <Save aria-hidden="true" className="size-4" />
        {form.submitting ? 'Saving…' : 'Save billing contact'}
      </Button>
    </form>
  );
}
