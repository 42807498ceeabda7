import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Divider,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconCircleX, IconFlask } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import { Brand } from '../../components/brand';
import { trpc } from '../../lib/trpc';
import { errorCode, errorMessage } from '../../lib/trpc-errors';
import { usePageTitle } from '../../lib/use-page-title';

const T = M.payments.testCheckout;

/**
 * The built-in checkout (payments in test mode): says plainly that it is a test and takes no money.
 * Pay and Cancel go back to the URL the server returns, as Stripe's hosted page would.
 */
export function TestCheckoutPage() {
  usePageTitle(T.title);
  const { id = '' } = useParams();
  const checkout = trpc.payments.testCheckout.get.useQuery({ id }, { retry: false, enabled: id !== '' });
  const [leaving, setLeaving] = useState(false);
  const go = ({ redirectUrl }: { redirectUrl: string }) => {
    setLeaving(true);
    window.location.assign(redirectUrl);
  };
  const pay = trpc.payments.testCheckout.pay.useMutation({ onSuccess: go, onError: () => checkout.refetch() });
  const cancel = trpc.payments.testCheckout.cancel.useMutation({ onSuccess: go, onError: () => checkout.refetch() });
  const busy = pay.isPending || cancel.isPending || leaving;
  const actionError = pay.error ?? cancel.error;

  let body: ReactNode;
  if (checkout.isLoading) {
    body = (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={20} w="60%" />
        <Skeleton h={36} w="40%" />
        <Skeleton h={42} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (checkout.error || !checkout.data) {
    const missing = errorCode(checkout.error) === 'NOT_FOUND' || id === '';
    body = (
      <Stack gap="md">
        <Alert color={missing ? 'gray' : 'red'} variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {missing ? T.notFound : T.loadFailed}
        </Alert>
        {!missing && (
          <Button variant="light" onClick={() => checkout.refetch()}>
            Try again
          </Button>
        )}
      </Stack>
    );
  } else {
    const c = checkout.data;
    body = (
      <Stack gap="lg">
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            You are paying for
          </Text>
          <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
            {c.description}
          </Text>
        </Stack>
        <Divider />
        <Group justify="space-between" align="baseline">
          <Text c="dimmed">{T.amountLabel}</Text>
          <Text fw={700} fz={28} lh={1} data-testid="test-checkout-amount">
            {formatPence(c.amountPence)}
          </Text>
        </Group>
        {actionError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(actionError)}
          </Alert>
        )}
        {c.status === 'open' ? (
          <Stack gap="sm">
            <Button
              size="md"
              fullWidth
              loading={pay.isPending || (leaving && pay.isSuccess)}
              disabled={busy}
              onClick={() => pay.mutate({ id })}
            >
              {T.pay(formatPence(c.amountPence))}
            </Button>
            <Button
              size="md"
              fullWidth
              variant="default"
              loading={cancel.isPending || (leaving && cancel.isSuccess)}
              disabled={busy}
              onClick={() => cancel.mutate({ id })}
            >
              {T.cancel}
            </Button>
            {leaving && (
              <Text size="sm" c="dimmed" ta="center" role="status">
                {T.redirecting}
              </Text>
            )}
          </Stack>
        ) : (
          <Alert
            color={c.status === 'paid' ? 'teal' : 'gray'}
            variant="light"
            icon={c.status === 'paid' ? <IconCircleCheck size={18} /> : <IconCircleX size={18} />}
            role="status"
          >
            {c.status === 'paid' ? T.alreadyPaid : T.cancelled}
          </Alert>
        )}
      </Stack>
    );
  }

  return (
    <Box mih="100dvh" py={{ base: 'lg', sm: 56 }} bg="gray.0">
      <Container size={480} px={{ base: 'sm', xs: 'md' }}>
        <Stack gap="lg">
          <Group justify="center">
            <Brand />
          </Group>
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }}>
            <Stack gap="lg">
              <Group justify="space-between" align="center" wrap="nowrap">
                <Title order={1} size="h2">
                  {T.title}
                </Title>
                <Badge color="orange" variant="light" leftSection={<IconFlask size={14} />}>
                  Test mode
                </Badge>
              </Group>
              <Alert color="orange" variant="light" icon={<IconFlask size={18} />}>
                {T.notice}
              </Alert>
              {body}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
