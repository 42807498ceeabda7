import '@mantine/charts/styles.css';
import { AreaChart } from '@mantine/charts';
import { Grid, Group, Paper, Progress, Skeleton, Stack, Text, Title } from '@mantine/core';
import { ADMIN } from '#shared/constants';
import { formatDetailDate } from '#shared/dates';
import { M } from '#shared/messages';
import type { AdminPageViews } from '#shared/schemas/admin';

// Only the admin page imports this file, so @mantine/charts, recharts and their stylesheet stay in the
// admin chunk: no other page downloads them.

/** 'YYYY-MM-DD' → '22/11' (en-GB day/month) for the chart's axis. */
const dayMonth = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

function ChartCard({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} style={{ minWidth: 0 }}>
      <Stack gap="sm">
        <Stack gap={0}>
          <Title order={3} size="h5">
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Stack>
    </Paper>
  );
}

/** Page views per day over the last 30 days, and the most viewed pages of those days. */
export function PageViewsCharts({ data, loading }: { data: AdminPageViews | undefined; loading: boolean }) {
  const days = (data?.days ?? []).map((d) => ({ ...d, label: dayMonth(d.date), long: formatDetailDate(d.date) }));
  const total = days.reduce((n, d) => n + d.views, 0);
  const top = data?.topPages ?? [];

  return (
    <Stack gap="sm" component="section" aria-label={M.admin.pageViews}>
      <Title order={2} size="h4">
        {M.admin.pageViews}
      </Title>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <ChartCard
            title={M.admin.pageViewsPerDay(ADMIN.PAGE_VIEW_DAYS)}
            description={loading ? undefined : `${total.toLocaleString('en-GB')} views`}
          >
            {loading ? (
              <Skeleton h={240} />
            ) : (
              <AreaChart
                h={240}
                data={days}
                dataKey="label"
                series={[{ name: 'views', label: 'Views', color: 'indigo.6' }]}
                curveType="monotone"
                withDots={false}
                gridAxis="y"
                tickLine="none"
                yAxisProps={{ allowDecimals: false, width: 40 }}
                xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 24 }}
                valueFormatter={(v) => v.toLocaleString('en-GB')}
              />
            )}
          </ChartCard>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <ChartCard title={M.admin.topPages}>
            {loading ? (
              <Skeleton h={240} />
            ) : top.length === 0 ? (
              <Text size="sm" c="dimmed" py="md">
                {M.admin.noPageViews}
              </Text>
            ) : (
              <TopPages pages={data?.topPages ?? []} />
            )}
          </ChartCard>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * The most viewed pages as a ranked list with a bar each, an event's page by what it is and the event's
 * name ("Attendee list · Leeds Tech Social"; the path on hover), cut with an ellipsis on its own line.
 */
function TopPages({ pages }: { pages: AdminPageViews['topPages'] }) {
  const max = Math.max(1, ...pages.map((p) => p.views));
  return (
    <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
      {pages.map((p) => (
        <li key={p.path}>
          <Group justify="space-between" wrap="nowrap" gap="sm" mb={4}>
            <Text size="sm" truncate title={p.path} style={{ minWidth: 0 }}>
              {p.label}
            </Text>
            <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums', flexShrink: 0 }}>
              {p.views.toLocaleString('en-GB')}
            </Text>
          </Group>
          <Progress value={(p.views / max) * 100} size="sm" color="indigo" aria-hidden />
        </li>
      ))}
    </Stack>
  );
}
