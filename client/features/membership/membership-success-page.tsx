import { Button, List, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendarPlus,
  IconCircleCheck,
  IconList,
  IconMail,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { MEMBERSHIP } from '#shared/constants';
import { M } from '#shared/messages';
import { storeMembershipTypeSchema, type VerifyPaymentResult } from '#shared/schemas/membership';
import { notifyOnce } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { usePageTitle } from '../../lib/use-page-title';

const S = M.membership.success;
const support = `mailto:${MEMBERSHIP.CONTACT_EMAIL}?subject=${encodeURIComponent(S.supportSubject)}`;

/**
 * spec §2 /membership-success: needs session_id and type, asks the server to verify the payment with
 * the provider (which grants it, once), then shows the next steps, or the failure with its way out.
 */
export function MembershipSuccessPage() {
  usePageTitle('Membership');
  const [params] = useSearchParams();
  const sessionId = params.get('session_id')?.trim() ?? '';
  const parsed = storeMembershipTypeSchema.safeParse(params.get('type'));
  const type = parsed.success ? parsed.data : null;
  const utils = trpc.useUtils();
  const verify = trpc.membership.verifyPayment.useMutation({
    onSuccess: (r) => {
      void utils.membership.check.invalidate();
      if (r.verified) notifyOnce('membership-verified', { color: 'teal', message: M.success.membershipUpdated });
    },
  });
  const asked = useRef(false);
  const { mutate } = verify;

  useEffect(() => {
    if (!sessionId || !type || asked.current) return;
    asked.current = true; // once per page (StrictMode runs effects twice; a repeat would grant nothing more anyway)
    mutate({ sessionId, type });
  }, [sessionId, type, mutate]);

  if (!sessionId || !type) return <Failure message={M.membership.missingSession} />;
  if (verify.error) return <Failure message={errorMessage(verify.error)} />;
  if (!verify.data) return <Verifying />;
  if (!verify.data.verified) return <Failure message={verify.data.error ?? M.membership.verifyIssue} />;
  return <Success result={verify.data} />;
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Stack align="center" gap="md" ta="center">
        {children}
      </Stack>
    </Paper>
  );
}

function Verifying() {
  return (
    <Frame>
      <Loader />
      <Text c="dimmed">{S.verifying}</Text>
    </Frame>
  );
}

function Success({ result }: { result: VerifyPaymentResult }) {
  const annual = result.membershipType === 'annual';
  return (
    <Frame>
      <ThemeIcon size={64} radius="xl" variant="light" color="teal">
        <IconCircleCheck size={34} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {S.title}
      </Title>
      <Text c="dimmed">{annual ? S.annualBody : S.oneTimeBody}</Text>
      <Stack gap={6} w="100%" maw={420} ta="left">
        <Text fw={600}>{S.nextSteps}</Text>
        <List spacing={4} size="sm">
          {(annual ? S.annualSteps : S.oneTimeSteps).map((step) => (
            <List.Item key={step}>{step}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="sm" w="100%" maw={320} mt="sm">
        <Button component={Link} to="/create-event" size="md" leftSection={<IconCalendarPlus size={18} />}>
          {S.createEvent}
        </Button>
        <Button component={Link} to="/events" variant="light" leftSection={<IconList size={18} />}>
          {S.viewEvents}
        </Button>
      </Stack>
    </Frame>
  );
}

function Failure({ message }: { message: string }) {
  return (
    <Frame>
      <ThemeIcon size={64} radius="xl" variant="light" color="red">
        <IconAlertTriangle size={34} stroke={1.6} />
      </ThemeIcon>
      <Title order={1} size="h2">
        {M.membership.verificationFailed}
      </Title>
      <Text c="dimmed" maw={460} role="alert">
        {message}
      </Text>
      <Stack gap="sm" w="100%" maw={320} mt="sm">
        <Button component={Link} to="/membership" size="md" leftSection={<IconArrowLeft size={18} />}>
          {M.membership.returnToMembership}
        </Button>
        <Button component="a" href={support} variant="light" leftSection={<IconMail size={18} />}>
          {M.membership.contactSupport}
        </Button>
      </Stack>
    </Frame>
  );
}
