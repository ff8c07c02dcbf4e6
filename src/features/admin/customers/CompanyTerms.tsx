import type { FormEvent } from 'react';
import type { CompanyDetail } from '../../../../contract/adminCompanies';
import { PAYMENT_TERMS, PAYMENT_TERMS_LABELS } from '../../../../contract/paymentTerms';
import type { TermsDraft, TermsField } from '../../../../machines/admin/companyPage.machine';
import { Button } from '../../../ui/Button';

const inputClasses =
  'h-10 w-full max-w-64 rounded-xl border-2 border-primary-100 bg-white px-2 text-sm text-ink aria-invalid:border-coral-700';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="font-semibold text-ink">{children}</dd>
    </div>
  );
}

/** Terms: how the company pays and who its rep is; admins change them, everyone else reads them. */
export function CompanyTerms({
  company,
  draft,
  errors,
  editable,
  busy,
  onChange,
  onSave,
}: {
  company: CompanyDetail;
  draft: TermsDraft;
  errors: Partial<Record<TermsField, string>>;
  editable: boolean;
  busy: boolean;
  onChange: (field: TermsField, value: string) => void;
  onSave: () => void;
}) {
  const facts = (
    <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
      <Fact label="Owed on open invoices">{company.owed.formatted}</Fact>
      <Fact label="Available credit">{company.available_credit.formatted}</Fact>
      <Fact label="Rep code at registration">{company.rep_code ?? 'None'}</Fact>
    </dl>
  );
  if (!editable)
    return (
      <section aria-labelledby="terms" className="grid gap-3">
        <h2 id="terms" className="text-lg font-bold text-ink">
          Terms
        </h2>
        <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <Fact label="Payment terms">{PAYMENT_TERMS_LABELS[company.payment_terms]}</Fact>
          <Fact label="Credit limit">{company.credit_limit?.formatted ?? 'No limit'}</Fact>
          <Fact label="Rep">{company.rep?.name ?? 'None'}</Fact>
        </dl>
        {facts}
      </section>
    );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSave();
  };
  const field = (name: TermsField) => ({
    id: `terms-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `terms-${name}-error` : undefined,
  });
  const error = (name: TermsField) =>
    errors[name] ? (
      <span id={`terms-${name}-error`} className="text-sm text-coral-700">
        {errors[name]}
      </span>
    ) : null;
  return (
    <section aria-labelledby="terms" className="grid gap-3">
      <h2 id="terms" className="text-lg font-bold text-ink">
        Terms
      </h2>
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3 sm:items-start">
        <div className="grid gap-1">
          <label className="text-sm font-semibold text-ink" htmlFor="terms-payment_terms">
            Payment terms
          </label>
          <select
            {...field('payment_terms')}
            value={draft.payment_terms}
            onChange={(event) => onChange('payment_terms', event.target.value)}
            className={inputClasses}
          >
            {PAYMENT_TERMS.map((terms) => (
              <option key={terms} value={terms}>
                {PAYMENT_TERMS_LABELS[terms]}
              </option>
            ))}
          </select>
          {error('payment_terms')}
        </div>
        <div className="grid gap-1">
          <label className="text-sm font-semibold text-ink" htmlFor="terms-credit_limit">
            Credit limit (dollars)
          </label>
          <input
            {...field('credit_limit')}
            inputMode="decimal"
            value={draft.credit_limit}
            placeholder="No limit"
            onChange={(event) => onChange('credit_limit', event.target.value)}
            className={inputClasses}
          />
          {error('credit_limit')}
        </div>
        <div className="grid gap-1">
          <label className="text-sm font-semibold text-ink" htmlFor="terms-rep">
            Rep
          </label>
          <select
            {...field('rep')}
            value={draft.rep}
            onChange={(event) => onChange('rep', event.target.value)}
            className={inputClasses}
          >
            <option value="">None</option>
            {company.rep && !company.reps.some((rep) => rep.id === company.rep?.id) ? (
              <option value={company.rep.id}>{company.rep.name} (disabled)</option>
            ) : null}
            {company.reps.map((rep) => (
              <option key={rep.id} value={rep.id}>
                {rep.name}
              </option>
            ))}
          </select>
          {error('rep')}
        </div>
        <div className="sm:col-span-3">
          <Button type="submit" inactive={busy} aria-busy={busy}>
            {busy ? 'Saving…' : 'Save terms'}
          </Button>
        </div>
      </form>
      {facts}
    </section>
  );
}
