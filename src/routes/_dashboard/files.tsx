import { createFileRoute } from '@tanstack/react-router';
import { FolderOpen } from 'lucide-react';
import { DashboardSection, EmptyState } from '../../features/dashboard/DashboardLayout';
import { SiteLink } from '../../ui/SiteLink';

export const Route = createFileRoute('/_dashboard/files')({ component: AdFiles });

function AdFiles() {
  return (
    <DashboardSection title="Ad Files" intro="The artwork and videos you deliver for your placements.">
      <EmptyState icon={<FolderOpen aria-hidden="true" className="size-7" />} title="No ad files yet">
        <p>
          After you book a placement, upload its ad here. The{' '}
          <SiteLink href="/specs" className="font-semibold text-primary-700 underline">
            ad specs
          </SiteLink>{' '}
          say what each placement needs.
        </p>
      </EmptyState>
    </DashboardSection>
  );
}
