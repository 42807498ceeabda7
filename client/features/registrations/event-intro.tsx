import { Group, Stack, Text, Title } from '@mantine/core';
import { IconCalendarEvent, IconMapPin } from '@tabler/icons-react';
import { eventWhen, eventWhere } from '#shared/event-lines';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { zoneSuffix } from '#shared/zone-names';
import { Brand } from '../../components/brand';

/**
 * The top of the join and edit forms: the product mark, the title, where and when. The times are the
 * event's own, its zone named when the viewer's differs (the server's first paint cannot know the
 * viewer's zone: there the name follows with React's first render).
 */
export function EventIntro({ event, title }: { event: PublicEventDto; title: string }) {
  return (
    <EventIntroView title={title} when={eventWhen(event) + zoneSuffix(event.time_zone)} where={eventWhere(event)} />
  );
}

/**
 * The intro from its texts alone: the server's first paint of /register is this very markup with the
 * texts filled in (client/prerender/register-intro.tsx), so it must stay a pure function of them.
 */
export function EventIntroView(props: { title: string; when: string; where: string; appName?: string }) {
  return (
    <Stack gap={8} align="center" ta="center">
      <Brand name={props.appName} />
      <Title order={1} size="h3" mt={4} style={{ overflowWrap: 'anywhere' }}>
        {props.title}
      </Title>
      <Group gap="md" justify="center" wrap="wrap">
        <Group gap={4} wrap="nowrap">
          <IconCalendarEvent size={15} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {props.when}
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <IconMapPin size={15} color="var(--mantine-color-dimmed)" />
          <Text size="sm" c="dimmed">
            {props.where}
          </Text>
        </Group>
      </Group>
    </Stack>
  );
}
