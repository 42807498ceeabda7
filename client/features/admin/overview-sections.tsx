import { SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconCalendarEvent,
  IconCoin,
  IconCrown,
  IconDownload,
  IconPercentage,
  IconReceipt,
  IconTicket,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ADMIN, REVENUE } from '#shared/constants';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import type { AdminOverview } from '#shared/schemas/admin';
import { StatTile, StatTileSkeleton } from './stat-tile';

const count = (n: number) => n.toLocaleString('en-GB');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** spec §2 /admin Platform Overview: events, users, attendees, pay-as-you-go users, annual subscribers. */
export function PlatformOverview({ platform: p }: { platform: AdminOverview['platform'] }) {
  return (
    <Section title={M.admin.platformOverview}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
        <StatTile label={M.admin.totalEvents} value={count(p.totalEvents)} icon={IconCalendarEvent} color="indigo" />
        <StatTile label={M.admin.totalUsers} value={count(p.totalUsers)} icon={IconUsers} color="blue" />
        <StatTile label={M.admin.totalAttendees} value={count(p.totalAttendees)} icon={IconUsersGroup} color="teal" />
        <StatTile label={M.admin.payAsYouGoUsers} value={count(p.payAsYouGoUsers)} icon={IconTicket} color="grape" />
        <StatTile
          label={M.admin.annualSubscribers}
          value={count(p.annualSubscribers)}
          icon={IconCrown}
          color="yellow"
        />
      </SimpleGrid>
    </Section>
  );
}

/** spec §2 /admin Revenue Analytics: total, platform share and percentage, downloads across N events, active events. */
export function RevenueAnalytics({ revenue: r }: { revenue: AdminOverview['revenue'] }) {
  return (
    <Section title={M.admin.revenueAnalytics}>
      <SimpleGrid cols={{ base: 2, lg: 4 }} spacing="md">
        <StatTile label={M.admin.totalRevenue} value={formatPence(r.totalRevenue)} icon={IconCoin} color="green" />
        <StatTile
          label={M.admin.platformShare(r.platformSharePercent)}
          value={formatPence(r.platformShare)}
          icon={IconPercentage}
          color="cyan"
        />
        <StatTile
          label={M.admin.totalDownloads}
          value={count(r.totalDownloads)}
          hint={M.admin.acrossEvents(r.eventsWithRevenue)}
          icon={IconDownload}
          color="orange"
        />
        <StatTile
          label={M.admin.activeEvents}
          value={count(r.activeEvents)}
          hint={M.admin.downloadsEnabled}
          icon={IconReceipt}
          color="pink"
        />
      </SimpleGrid>
    </Section>
  );
}

/** spec §2: "A skeleton of 8 cards is shown while loading." */
export function AdminSkeleton() {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 4 }} spacing="md" aria-busy="true">
      {Array.from({ length: ADMIN.SKELETON_CARDS }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders with no identity
        <StatTileSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}

/** What the sections show when the overview failed to load (spec §8: the error is only logged). */
export const EMPTY_OVERVIEW: AdminOverview = {
  platform: {
    totalEvents: 0,
    eventsWithDownloads: 0,
    totalUsers: 0,
    totalAttendees: 0,
    totalMemberships: 0,
    payAsYouGoUsers: 0,
    annualSubscribers: 0,
  },
  revenue: {
    totalRevenue: 0,
    platformShare: 0,
    platformSharePercent: REVENUE.PLATFORM_SHARE_PERCENT,
    organiserShare: 0,
    totalDownloads: 0,
    eventsWithRevenue: 0,
    activeEvents: 0,
  },
};
