import { can, type Role } from '../../../contract/roles';
import { Switch } from '../../ui/Switch';

/**
 * Issue 33: the company's "approvals need an admin". The owner and admins turn it on or off; everyone
 * reads the rule in words.
 */
export function ApprovalSetting({
  on,
  yourRole,
  busy,
  refusal,
  onChange,
}: {
  on: boolean;
  yourRole: Role;
  busy: boolean;
  refusal: string | null;
  onChange(on: boolean): void;
}) {
  const rule = on
    ? 'A member’s approval of an ad file is sent to the owner and admins, who accept it or decline it with a reason.'
    : 'Anyone on the team can approve an ad file for its run.';
  return (
    <section aria-labelledby="approvals-setting" className="grid gap-2">
      <h2 id="approvals-setting" className="text-sm font-bold tracking-wide text-ink-muted uppercase">
        Approving ad files
      </h2>
      {can(yourRole, 'approvalSetting') ? (
        <>
          <div aria-busy={busy}>
            <Switch
              checked={on}
              onChange={(next) => !busy && onChange(next)}
              label="Approvals need an admin"
            />
          </div>
          <p className="text-sm text-ink-soft">
            {rule} With it on, members ask; the owner and admins still approve at once.
          </p>
        </>
      ) : (
        <p className="text-sm text-ink-soft">{rule}</p>
      )}
      {refusal ? (
        <p role="alert" className="text-sm font-semibold text-coral-700">
          {refusal}
        </p>
      ) : null}
    </section>
  );
}
