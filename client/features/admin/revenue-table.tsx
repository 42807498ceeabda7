import { Paper, Table, Text, Title } from '@mantine/core';
import { IconReceipt } from '@tabler/icons-react';
import { formatDetailDate } from '#shared/dates';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import type { AdminEventRevenue } from '#shared/schemas/admin';
import { EmptyState } from '../../components/empty-state';

const C = M.admin.columns;

/**
 * spec §2 /admin Revenue by Event: name, downloads, last download or "Never", total, platform and
 * organiser share. On a phone the table scrolls sideways inside its card instead of squeezing.
 */
export function RevenueByEventTable({ rows }: { rows: AdminEventRevenue[] }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-label={M.admin.revenueByEvent}>
      <Title order={2} size="h4" mb="sm">
        {M.admin.revenueByEvent}
      </Title>
      {rows.length === 0 ? (
        <EmptyState icon={IconReceipt} title={M.admin.noRevenue} py="lg" />
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
                    <Text size="sm" fw={500} truncate c={r.event_name === M.events.unknownEvent ? 'dimmed' : undefined}>
                      {r.event_name}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{r.download_count}</Table.Td>
                  <Table.Td>{r.last_download ? formatDetailDate(r.last_download) : M.admin.never}</Table.Td>
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
