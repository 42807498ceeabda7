import { Anchor, Badge, Divider, Group, Stack, Text } from '@mantine/core';
import { IconExternalLink, IconListDetails } from '@tabler/icons-react';
import { formatPrice } from '#shared/money';
import { sponsorHref } from '#shared/sponsor';
import { DetailCard } from './detail-card';
import { attendeeTotal, type EventDto } from './event-format';

const tag = (label: string, color: string) => (
  <Badge variant="light" color={color} size="sm">
    {label}
  </Badge>
);
const yesNo = (v: boolean) => tag(v ? 'Yes' : 'No', v ? 'indigo' : 'gray');

/** spec §4: sponsor branding shows only with both a logo and a URL. */
function sponsorState(e: EventDto) {
  if (!e.sponsor_enabled) return tag('Off', 'gray');
  return e.sponsor_logo_url && sponsorHref(e) ? tag('Active', 'teal') : tag('Incomplete', 'orange');
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      {children}
    </Group>
  );
}

/** spec §2 event detail: Email/Phone Required, Total Attendees and the public pages in new tabs. */
export function EventOverviewCard({ event }: { event: EventDto }) {
  const links = [
    { label: 'Registration Page', to: `/register/${event.id}` },
    { label: 'Attendee List', to: `/event-list/${event.id}` },
    { label: 'Live Display', to: `/event-display/${event.id}` },
    { label: 'QR Display', to: `/event-qr/${event.id}` },
  ];
  return (
    <DetailCard icon={IconListDetails} title="Event Overview">
      <Row label="Email Required">{yesNo(event.email_required)}</Row>
      <Row label="Phone Required">{yesNo(event.phone_required)}</Row>
      <Row label="Total Attendees">
        <Text fw={700} data-testid="total-attendees">
          {attendeeTotal(event)}
        </Text>
      </Row>
      <Row label="Sponsor Branding">{sponsorState(event)}</Row>
      <Row label="Attendee Downloads">
        {event.download_enabled ? tag(formatPrice(event.download_price), 'grape') : tag('Off', 'gray')}
      </Row>
      <Divider my={4} />
      <Stack gap={6}>
        {links.map((l) => (
          <Anchor key={l.to} href={l.to} target="_blank" rel="noopener" size="sm">
            <Group gap={6} wrap="nowrap">
              <IconExternalLink size={14} />
              {l.label}
            </Group>
          </Anchor>
        ))}
      </Stack>
    </DetailCard>
  );
}
