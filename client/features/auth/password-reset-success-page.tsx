import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconKey } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { TOKENS } from '#shared/constants';
import { M } from '#shared/messages';
import { AuthLayout } from '../../components/auth-layout';
import { usePageTitle } from '../../lib/use-page-title';
import { OutboxNote } from './outbox-note';

/** spec §2 /auth/password-reset-success: the reset link was sent; back to sign in. */
const hours = TOKENS.RECOVERY_TTL_MS / 3_600_000;
const expiry = `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

export function PasswordResetSuccessPage() {
  usePageTitle('Reset Link Sent');
  const { state } = useLocation();
  const email = typeof state?.email === 'string' ? state.email : undefined;
  return (
    <AuthLayout>
      <Stack gap="lg" ta="center">
        <Stack gap="xs" align="center">
          <ThemeIcon size={64} radius="xl" variant="light" color="teal">
            <IconKey size={32} stroke={1.6} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Reset Link Sent
          </Title>
          <Text c="dimmed">
            If an account exists for{' '}
            {email ? (
              <Text span fw={600} c="dark" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
            ) : (
              'that address'
            )}
            , we sent it a password reset link. The link works once and expires in {expiry}.
          </Text>
        </Stack>
        <OutboxNote text={M.mail.outboxReset} />
        <Button component={Link} to="/auth" state={{ tab: 'signin' }} leftSection={<IconArrowLeft size={16} />}>
          Back to Sign In
        </Button>
      </Stack>
    </AuthLayout>
  );
}
