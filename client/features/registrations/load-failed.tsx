import { Alert, Button, Stack } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { errorMessage } from '../../lib/trpc-errors';
import { PublicLayout } from './public-layout';

/** spec §8 "Error loading room details": the server's message (or the generic one) and Retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <PublicLayout size={520}>
      <Stack gap="md">
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={M.attendees.roomLoadError}>
          {errorMessage(error)}
        </Alert>
        <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry} w="fit-content">
          {M.attendees.retry}
        </Button>
      </Stack>
    </PublicLayout>
  );
}
