import { useSelector } from '@xstate/react';
import { createActor } from 'xstate';
import {
  selectCompany,
  selectCompanyBusy,
  selectCompanyLoadError,
  selectCompanyNotice,
  selectConfirming,
  selectTermsDraft,
  selectTermsErrors,
} from '../../../../machines/admin/companyPage.machine';
import { adminHref } from '../../../lib/adminSearch/address';
import { useLoadedApp } from '../../../system/AppContext';
import { companyPageLogic } from '../../../system/admin/customers';
import { useFlowActor } from '../../../system/hooks/useFlowActor';
import { buttonClasses } from '../../../ui/Button';
import { FormAlert } from '../../../ui/form/FormAlert';
import { PageMeta } from '../../../ui/PageMeta';
import { SiteLink } from '../../../ui/SiteLink';
import { CompanyPeople } from './CompanyPeople';
import { CompanyRecords } from './CompanyRecords';
import { CompanyTerms } from './CompanyTerms';
import { useStaffCan } from './useStaffCan';

/**
 * /admin/customers/{coid}: a company's terms, people, orders, invoices, credits, files and the audit
 * entries about it. Admins change the terms; admins and reps manage its people; a rep sees only their
 * own companies (another's answers as missing).
 */
export function CompanyPage({ coid }: { coid: string }) {
  const app = useLoadedApp();
  const actor = useFlowActor(() => createActor(companyPageLogic(), { ...app.actorOptions, input: { coid } }));
  const company = useSelector(actor, selectCompany);
  const loadError = useSelector(actor, selectCompanyLoadError);
  const draft = useSelector(actor, selectTermsDraft);
  const errors = useSelector(actor, selectTermsErrors);
  const notice = useSelector(actor, selectCompanyNotice);
  const confirming = useSelector(actor, selectConfirming);
  const busy = useSelector(actor, selectCompanyBusy);
  const editTerms = useStaffCan('customers.terms');
  const manage = useStaffCan('customers.manage');
  const money = useStaffCan('money.manage');

  if (loadError)
    return (
      <div className="grid gap-3">
        <PageMeta title="Customer · Back office" />
        <FormAlert tone="error">{loadError}</FormAlert>
        <p>
          <button type="button" className="underline" onClick={() => actor.send({ type: 'company.retry' })}>
            Try again
          </button>{' '}
          or go back to{' '}
          <SiteLink href="/admin/customers" className="underline">
            the customers
          </SiteLink>
          .
        </p>
      </div>
    );
  if (!company) return <p>Loading the company…</p>;
  return (
    <div className="grid gap-8">
      <PageMeta title={`${company.name} · Customers · Back office`} />
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm">
            <SiteLink href="/admin/customers" className="text-primary-700 underline">
              Customers
            </SiteLink>
          </p>
          <h1 className="text-2xl font-bold text-ink">{company.name}</h1>
          <p className="text-sm text-ink-muted">
            Customer since {new Date(company.created_at).toLocaleDateString('en-US')} · {company.coid}
          </p>
        </div>
        {money ? (
          <SiteLink
            href={adminHref('/admin/money', { company: company.coid })}
            className={buttonClasses('secondary')}
          >
            Record a payment
          </SiteLink>
        ) : null}
      </header>
      {notice ? (
        <FormAlert tone={notice.tone} takeFocus>
          {notice.text}
        </FormAlert>
      ) : null}
      <CompanyTerms
        company={company}
        draft={draft}
        errors={errors}
        editable={editTerms}
        busy={busy}
        onChange={(field, value) => actor.send({ type: 'terms.changed', field, value })}
        onSave={() => actor.send({ type: 'terms.save' })}
      />
      <CompanyPeople
        company={company}
        manage={manage}
        busy={busy}
        confirming={confirming}
        onDisable={(person) => actor.send({ type: 'person.disable', person })}
        onEnable={(person) => actor.send({ type: 'person.enable', person })}
        onResend={(invitation) => actor.send({ type: 'invitation.resend', invitation })}
        onConfirm={() => actor.send({ type: 'confirm.yes' })}
        onDismiss={() => actor.send({ type: 'confirm.no' })}
      />
      <CompanyRecords company={company} />
    </div>
  );
}
