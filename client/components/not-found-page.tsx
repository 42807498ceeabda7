import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { usePageTitle } from '../lib/use-page-title';
import { Brand } from './brand';

/** spec §2 "*": the 404 page with a link home. */
export function NotFoundPage() {
  usePageTitle('Page not found');
  return (
    <Center mih="100dvh" p="md" bg="gray.0">
      <Stack align="center" gap="md" ta="center">
        <Brand />
        <Text fz={72} fw={800} lh={1} c="indigo.5" aria-hidden>
          404
        </Text>
        <Title order={2}>{M.guards.notFoundTitle}</Title>
        <Text c="dimmed" maw={360}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={16} />}>
          Return to Home
        </Button>
      </Stack>
    </Center>
  );
}
