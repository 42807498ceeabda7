import { Stack } from '@mantine/core';
import { M } from '#shared/messages';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import { AdminSkeleton, EMPTY_OVERVIEW, PlatformOverview, RevenueAnalytics } from './overview-sections';
import { PageViewsCharts } from './page-views-charts';
import { RevenueByEventTable } from './revenue-table';
import { useAdminStats } from './use-admin-stats';

/** spec §2 /admin, behind the administrator guard: overview, revenue analytics, revenue by event, page views. */
export function AdminPage() {
  usePageTitle(M.admin.title);
  const stats = useAdminStats();
  const overview = stats.overview ?? EMPTY_OVERVIEW;

  return (
    <>
      <PageHeader title={M.admin.title} description="Platform counts, revenue and page views." />
      {stats.loading ? (
        <AdminSkeleton />
      ) : (
        <Stack gap="xl">
          <PlatformOverview platform={overview.platform} />
          <RevenueAnalytics revenue={overview.revenue} />
          <RevenueByEventTable rows={stats.byEvent} />
          <PageViewsCharts data={stats.pageViews} loading={stats.pageViewsLoading} />
        </Stack>
      )}
    </>
  );
}
