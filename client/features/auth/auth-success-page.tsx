import { Button, Stack, Stepper, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { M } from '#shared/messages';
import { AuthLayout } from '../../components/auth-layout';
import { FullPageLoader } from '../../components/full-page-loader';
import { usePageTitle } from '../../lib/use-page-title';
import { OutboxNote } from './outbox-note';
import { useMe } from './use-auth';

/** spec §2 /auth/success: "Check Your Email", step 2 of 3, after sign-up. */
export function AuthSuccessPage() {
  usePageTitle(M.auth.checkEmailTitle);
  const me = useMe();
  const [params] = useSearchParams();
  const { state } = useLocation();
  const email = typeof state?.email === 'string' ? state.email : undefined;

  if (!params.get('type')) return <Navigate to="/auth" replace />;
  if (me.isLoading) return <FullPageLoader />;
  if (me.data) return <Navigate to="/" replace />;

  return (
    <AuthLayout>
      <Stack gap="lg" ta="center" align="stretch">
        <Stepper
          active={1}
          size="xs"
          iconSize={26}
          allowNextStepsSelect={false}
          aria-label="Sign-up progress"
          styles={{
            steps: { flexWrap: 'nowrap' },
            separator: { marginInline: 8, minWidth: 8 },
            stepBody: { marginInlineStart: 6 },
          }}
          mb="xs"
        >
          <Stepper.Step label="Sign up" />
          <Stepper.Step label="Confirm" />
          <Stepper.Step label="Sign in" />
        </Stepper>
        <Stack gap="xs" align="center">
          <ThemeIcon size={64} radius="xl" variant="light">
            <IconMailCheck size={34} stroke={1.6} />
          </ThemeIcon>
          <Text size="xs" fw={700} c="indigo" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
            Step 2 of 3
          </Text>
          <Title order={1} size="h2">
            {M.auth.checkEmailTitle}
          </Title>
          <Text c="dimmed">
            We sent a confirmation link to{' '}
            {email ? (
              <Text span fw={600} c="dark" style={{ overflowWrap: 'anywhere' }}>
                {email}
              </Text>
            ) : (
              'your e-mail address'
            )}
            . Open it to activate your account, then sign in.
          </Text>
        </Stack>
        <OutboxNote text={M.mail.outboxSignup} />
        <Text size="sm" c="dimmed">
          Nothing arrived after a few minutes? Check your spam folder, or sign up again to get a new link.
        </Text>
        <Button
          component={Link}
          to="/auth"
          state={{ tab: 'signin' }}
          variant="light"
          leftSection={<IconArrowLeft size={16} />}
        >
          Back to Sign In
        </Button>
      </Stack>
    </AuthLayout>
  );
}
