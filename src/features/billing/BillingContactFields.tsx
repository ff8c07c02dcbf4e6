import type { ReactNode } from 'react';
import type { BillingField } from '../../../machines/checkout/checkout.machine';
import { TextField } from '../../ui/form/TextField';

/** What a form gives each field: its value, its message, and where typing goes (shaped first: a state in capitals). */
export type FieldProps = (
  name: BillingField,
  shape?: (typed: string) => string,
) => { name: BillingField; value: string; error: string | undefined; onValueChange(typed: string): void };

/**
 * The billing contact's fields, as the checkout and the Billing page ask for them. The PO number is a
 * purchase's (`po`: the checkout's, with what it says of it), so the company's saved contact has none.
 */
export function BillingContactFields({ field, po }: { field: FieldProps; po?: { hint: ReactNode } }) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Name" {...field('name')} autoComplete="name" required />
        <TextField label="Company" {...field('company')} autoComplete="organization" required />
        <TextField
          label="E-mail for invoices"
          {...field('email')}
          type="email"
          autoComplete="email"
          required
        />
        <TextField label="Phone" {...field('phone')} type="tel" autoComplete="tel" required />
      </div>
      <TextField label="Street address" {...field('address')} autoComplete="street-address" required />
      <div className="grid gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField label="City" {...field('city')} autoComplete="address-level2" required />
        <TextField
          label="State"
          {...field('state', (typed) => typed.toUpperCase())}
          autoComplete="address-level1"
          required
          maxLength={2}
        />
        <TextField
          label="Zip code"
          {...field('zip')}
          autoComplete="postal-code"
          inputMode="numeric"
          required
        />
      </div>
      {po ? <TextField label="PO number" {...field('po_number')} maxLength={40} hint={po.hint} /> : null}
    </>
  );
}
