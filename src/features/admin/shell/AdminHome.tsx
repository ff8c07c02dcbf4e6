import { useSelector } from '@xstate/react';
import { staffSessionActor } from '../../../system/admin/session';
import { PageMeta } from '../../../ui/PageMeta';

/** /admin: where sign-in lands; the sections are in the navigation above. */
export function AdminHome() {
  const name = useSelector(staffSessionActor(), (s) => s.context.session?.staff.name ?? '');
  return (
    <div className="flex flex-col gap-2">
      <PageMeta title="Back office" />
      <h1 className="font-display text-2xl font-bold text-primary-900">Back office</h1>
      <p className="text-ink-soft">Welcome, {name}. Choose a section above.</p>
    </div>
  );
}
