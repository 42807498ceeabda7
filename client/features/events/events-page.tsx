import { Button } from '@mantine/core';
import { IconCalendarEvent, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { ComingSoon } from '../../components/coming-soon';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

/** spec §2 /events. The lists arrive with the events feature. */
export function EventsPage() {
  usePageTitle('Events');
  return (
    <>
      <PageHeader
        title="Events"
        description="Your upcoming and past event rooms."
        actions={
          <Button component={Link} to="/create-event" leftSection={<IconPlus size={16} />}>
            {M.events.addNew}
          </Button>
        }
      />
      <ComingSoon icon={IconCalendarEvent} title={M.events.noUpcoming}>
        Upcoming and past events will be listed here, each with its attendees and data-retention status.
      </ComingSoon>
    </>
  );
}
