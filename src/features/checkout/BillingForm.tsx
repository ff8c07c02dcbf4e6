import { Lock } from 'lucide-react';
import { useEffect, useRef } from 'react';
import type { UserData } from '../../../contract/auth';
import { type PlacedOrders, placeOrderBody } from '../../../contract/cart';
import { placeOrder } from '../../api/cart';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/form/FormAlert';
import { TextField } from '../../ui/form/TextField';
import { useForm } from '../../ui/form/useForm';

interface BillingFormProps {
  cartId: string;
  total: string;
  /** The items on the page: exactly these are ordered (the API refuses if the cart changed meanwhile). */
  itemIds: readonly number[];
  /** The API refused because the cart changed or its prices or dates did: show the cart as it is now. */
  onCartChanged: () => void;
  user: Partial<UserData>;
  /** Fixed for the page: sending the order twice (a double click, a retry) makes one order. */
  idempotencyKey: string;
  onPlaced: (placed: PlacedOrders) => void;
}

/** The billing contact, and the button that places the order. */
export function BillingForm({
  cartId,
  total,
  itemIds,
  onCartChanged,
  user,
  idempotencyKey,
  onPlaced,
}: BillingFormProps) {
  const form = useForm({
    initial: {
      name: user.fullname ?? '',
      email: user.email ?? '',
      phone: '',
      company: user.company ?? '',
      address: '',
      city: '',
      state: '',
      zip: '',
      po_number: '',
    },
    schema: placeOrderBody,
    toBody: (values) => ({
      billing: { ...values, po_number: values.po_number || undefined },
      idempotency_key: idempotencyKey,
      item_ids: [...itemIds],
    }),
    submit: async (body: Parameters<typeof placeOrder>[1]) => {
      const result = await placeOrder(cartId, body);
      if (!result.ok && result.status === 409) onCartChanged();
      return result;
    },
    onSuccess: onPlaced,
    // Messages come as billing.name etc.; each input shows its own.
    fieldOf: (key) => key.replace(/^billing\./, ''),
  });
  const error = (field: keyof typeof form.values) => form.errors[field];
  // Signing in inline replaces the form that had the focus with this one: carry on from its heading.
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!document.activeElement || document.activeElement === document.body) headingRef.current?.focus();
  }, []);
  return (
    <form
      onSubmit={form.onSubmit}
      noValidate
      aria-labelledby="billing"
      className="flex flex-col gap-4 rounded-3xl border border-primary-100 bg-white p-6 shadow-sm"
    >
      <h2
        id="billing"
        ref={headingRef}
        tabIndex={-1}
        className="font-display text-2xl font-bold text-primary-900 outline-none"
      >
        Billing contact
      </h2>
      {form.alert ? <FormAlert tone="error">{form.alert}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          value={form.values.name}
          onValueChange={form.set('name')}
          error={error('name')}
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          required
          value={form.values.company}
          onValueChange={form.set('company')}
          error={error('company')}
        />
        <TextField
          label="E-mail for invoices"
          name="email"
          type="email"
          autoComplete="email"
          required
          value={form.values.email}
          onValueChange={form.set('email')}
          error={error('email')}
        />
        <TextField
          label="Phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          required
          value={form.values.phone}
          onValueChange={form.set('phone')}
          error={error('phone')}
        />
      </div>
      <TextField
        label="Street address"
        name="address"
        autoComplete="street-address"
        required
        value={form.values.address}
        onValueChange={form.set('address')}
        error={error('address')}
      />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField
          label="City"
          name="city"
          autoComplete="address-level2"
          required
          value={form.values.city}
          onValueChange={form.set('city')}
          error={error('city')}
        />
        <TextField
          label="State"
          name="state"
          autoComplete="address-level1"
          required
          maxLength={2}
          value={form.values.state}
          onValueChange={(v) => form.set('state')(v.toUpperCase())}
          error={error('state')}
        />
        <TextField
          label="Zip code"
          name="zip"
          autoComplete="postal-code"
          inputMode="numeric"
          required
          value={form.values.zip}
          onValueChange={form.set('zip')}
          error={error('zip')}
        />
      </div>
      <TextField
        label="PO number"
        name="po_number"
        value={form.values.po_number}
        onValueChange={form.set('po_number')}
        error={error('po_number')}
      />
      <p className="text-sm text-ink-muted">
        You are invoiced after the order is confirmed; nothing is charged now.
      </p>
      <Button
        type="submit"
        size="lg"
        disabled={form.submitting}
        aria-busy={form.submitting}
        className="self-start"
      >
        <Lock aria-hidden="true" className="size-5" />
        {form.submitting ? 'Placing your order…' : `Place order · ${total}`}
      </Button>
    </form>
  );
}
