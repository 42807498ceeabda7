import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { formatDetailDate } from '#shared/dates';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import type { AdminEventRevenue } from '#shared/schemas/admin';
import { EmptyState } from '../../components/empty-state';
import { useIsMobile } from '../../lib/use-is-mobile';

const C = M.admin.columns;

const lastDownload = (r: AdminEventRevenue) => (r.last_download ? formatDetailDate(r.last_download) : M.admin.never);
const eventNameColor = (r: AdminEventRevenue) => (r.event_name === M.events.unknownEvent ? 'dimmed' : undefined);

function Figure({ label, value }: { label: string; value: string | number }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {value}
      </Text>
    </div>
  );
}

/** A phone: one block per event, every figure in view (a six-column table hid the shares off screen). */
function RevenueList({ rows }: { rows: AdminEventRevenue[] }) {
  return (
    <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
      {rows.map((r, i) => (
        <Stack
          component="li"
          key={r.event_id}
          gap="xs"
          py="sm"
          style={i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined}
        >
          <Text size="sm" fw={600} truncate c={eventNameColor(r)}>
            {r.event_name}
          </Text>
          <SimpleGrid cols={3} spacing="xs" verticalSpacing="xs">
            <Figure label={C.total} value={formatPence(r.total_revenue)} />
            <Figure label={C.platform} value={formatPence(r.platform_share)} />
            <Figure label={C.organiser} value={formatPence(r.organizer_share)} />
            <Figure label={C.downloads} value={r.download_count} />
            <div style={{ gridColumn: 'span 2' }}>
              <Figure label={C.lastDownload} value={lastDownload(r)} />
            </div>
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * spec §2 /admin Revenue by Event: name, downloads, last download or "Never", total, platform and
 * organiser share: a table, and on a phone a list with the same figures.
 */
export function RevenueByEventTable({ rows }: { rows: AdminEventRevenue[] }) {
  const phone = useIsMobile();
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={M.admin.revenueByEvent}>
      <Title order={2} size="h4" mb="sm">
        {M.admin.revenueByEvent}
      </Title>
      {rows.length === 0 ? (
        <EmptyState icon={IconReceipt} title={M.admin.noRevenue} py="lg" />
      ) : phone ? (
        <RevenueList rows={rows} />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table striped highlightOnHover verticalSpacing="sm" style={{ whiteSpace: 'nowrap' }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{C.event}</Table.Th>
                <Table.Th ta="right">{C.downloads}</Table.Th>
                <Table.Th>{C.lastDownload}</Table.Th>
                <Table.Th ta="right">{C.total}</Table.Th>
                <Table.Th ta="right">{C.platform}</Table.Th>
                <Table.Th ta="right">{C.organiser}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
              {rows.map((r) => (
                <Table.Tr key={r.event_id}>
                  <Table.Td maw={280}>
                    <Text size="sm" fw={500} truncate c={eventNameColor(r)}>
                      {r.event_name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{r.download_count}</Table.Td>
                  <Table.Td>{lastDownload(r)}</Table.Td>
                  <Table.Td ta="right">{formatPence(r.total_revenue)}</Table.Td>
                  <Table.Td ta="right">{formatPence(r.platform_share)}</Table.Td>
                  <Table.Td ta="right">{formatPence(r.organizer_share)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
