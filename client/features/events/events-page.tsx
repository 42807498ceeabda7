import { Button, Paper, Stack } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { EmptyState } from '../../components/empty-state';
import { FullPageLoader } from '../../components/full-page-loader';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import { EventsSection } from './events-section';
import { useEventList } from './use-event-list';

const addNew = (size: 'sm' | 'xs' = 'sm') => (
  <Button component={Link} to="/create-event" size={size} leftSection={<IconPlus size={16} />}>
    {M.events.addNew}
  </Button>
);

/** spec §2 /events: upcoming events (with Add New), then past events, each paged on its own. */
export function EventsPage() {
  usePageTitle('Events');
  const upcoming = useEventList('upcoming');
  const past = useEventList('past');

  const header = <PageHeader title="Events" description="Your upcoming and past event rooms." />;
  if (upcoming.isLoading || past.isLoading) {
    return (
      <>
        {header}
        <FullPageLoader label={M.events.loading} fullHeight={false} />
      </>
    );
  }

  if (upcoming.total === 0 && past.total === 0) {
    return (
      <>
        {header}
        <Paper withBorder radius="md" p="lg">
          <EmptyState icon={IconCalendarEvent} title={M.events.noneFound} action={addNew()}>
            Create your first event to get a registration link and a QR code your attendees can scan.
          </EmptyState>
        </Paper>
      </>
    );
  }

  return (
    <>
      {header}
      <Stack gap="lg">
        <EventsSection
          kind="upcoming"
          title="Upcoming Events"
          list={upcoming}
          empty={M.events.noUpcoming}
          action={addNew('xs')}
        />
        <EventsSection kind="past" title="Past Events" list={past} empty={M.events.noPast} />
      </Stack>
    </>
  );
}
