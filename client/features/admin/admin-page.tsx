import { IconChartBar } from '@tabler/icons-react';
import { ComingSoon } from '../../components/coming-soon';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

/** spec §2 /admin, behind the administrator guard. The statistics arrive with the admin feature. */
export function AdminPage() {
  usePageTitle('Admin Dashboard');
  return (
    <>
      <PageHeader title="Admin Dashboard" description="Platform counts and revenue." />
      <ComingSoon icon={IconChartBar} title="Platform Overview">
        Totals of events, users and attendees, memberships and download revenue will be shown here.
      </ComingSoon>
    </>
  );
}
