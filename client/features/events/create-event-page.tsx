import { IconCalendarPlus } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { ComingSoon } from '../../components/coming-soon';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

/** spec §2 /create-event. The form and the membership gate arrive with the events feature. */
export function CreateEventPage() {
  usePageTitle(M.eventForm.titleCreate);
  return (
    <>
      <PageHeader title={M.eventForm.titleCreate} description="Set up a room for your attendees to join." />
      <ComingSoon
        icon={IconCalendarPlus}
        title="Event creation is on its way"
        action={{ label: 'View Membership Plans', to: '/membership' }}
      >
        Name, venue, date and times, sponsor branding and paid downloads will be set here.
      </ComingSoon>
    </>
  );
}
