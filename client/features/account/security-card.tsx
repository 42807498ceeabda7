import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconLogout, IconShieldLock } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { useSignOut } from '../auth/use-auth';
import { SectionCard } from './section-card';

/** spec §2 /account: Reset Password (a link to the user's own address) and Logout. */
export function SecurityCard() {
  const signOut = useSignOut();
  const { data: config } = trpc.system.publicConfig.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const reset = trpc.auth.sendPasswordReset.useMutation({
    onSuccess: (result) =>
      notifications.show({
        color: 'teal',
        title: M.auth.resetLinkSentTitle,
        message:
          result.mailMode === 'outbox'
            ? `${M.auth.resetLinkSent(result.email)} ${M.mail.outboxReset}`
            : M.auth.resetLinkSent(result.email),
        autoClose: 8000,
      }),
    onError: (error) =>
      notifications.show({ color: 'red', title: M.auth.resetEmailErrorTitle, message: errorMessage(error) }),
  });

  return (
    <SectionCard title="Security" description="Password and session" icon={IconShieldLock}>
      <Text size="sm" c="dimmed">
        We will e-mail you a link to choose a new password
        {config?.mailMode === 'outbox' ? ' (written to the server outbox while no mail server is set up)' : ''}.
      </Text>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconKey size={16} />}
          loading={reset.isPending}
          onClick={() => reset.mutate()}
        >
          Reset Password
        </Button>
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          loading={signOut.isPending}
          onClick={() => signOut.mutate()}
        >
          Logout
        </Button>
      </Group>
    </SectionCard>
  );
}
