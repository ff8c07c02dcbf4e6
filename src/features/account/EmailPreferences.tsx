import { Switch } from '../../ui/Switch';

export type EmailPreference = 'ad_reminders' | 'team_news' | 'receipt_copies';

const CHOICES: { field: EmailPreference; label: string; hint: string }[] = [
  {
    field: 'ad_reminders',
    label: 'Ad reminders',
    hint: 'For the orders you place: 7 days and 2 days before an ad is due, unless it is approved.',
  },
  {
    field: 'team_news',
    label: 'Team news',
    hint: 'For owners: when a colleague accepts an invitation and joins.',
  },
  {
    field: 'receipt_copies',
    label: 'A copy of receipts',
    hint: 'When you pay an invoice by card, a copy of the receipt the billing contact gets.',
  },
];

/**
 * The e-mails a person may turn off, and the ones they may not (they carry something the person or
 * the company must have), so nobody looks for a switch that does not exist.
 */
export function EmailPreferences({
  values,
  set,
}: {
  values: Record<EmailPreference, string>;
  set: (field: EmailPreference) => (value: string) => void;
}) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 font-semibold text-ink">E-mails</legend>
      {CHOICES.map((choice) => (
        <div key={choice.field} className="flex flex-col gap-1">
          <Switch
            label={choice.label}
            checked={values[choice.field] === 'true'}
            onChange={(on) => set(choice.field)(String(on))}
          />
          <p className="text-sm text-ink-muted">{choice.hint}</p>
        </div>
      ))}
      <p className="text-sm text-ink-muted">
        Always sent: sign-in and password e-mails, invitations, changes to your role or e-mail address, order
        confirmations, and to the billing contact: invoices, receipts and failed payments.
      </p>
    </fieldset>
  );
}
