import { Alert, Button, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconBuildingSkyscraper, IconCalendarPlus, IconCrown, IconInfoCircle, IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { MEMBERSHIP, PRICES } from '#shared/constants';
import { M } from '#shared/messages';
import { formatPence } from '#shared/money';
import { PageHeader } from '../../components/page-header';
import { trpc } from '../../lib/trpc';
import { usePageTitle } from '../../lib/use-page-title';
import { MembershipStatusLine, useMembership } from './membership-status';
import { PlanCard } from './plan-card';
import { useCheckout } from './use-checkout';

const P = M.membership.plans;
const enquiry = `mailto:${MEMBERSHIP.CONTACT_EMAIL}?subject=${encodeURIComponent(P.enterprise.mailSubject)}`;

/** spec §2 /membership: the three plans of §1, the current status, and the way to each checkout. */
export function MembershipPage() {
  usePageTitle('Membership');
  const membership = useMembership();
  const { data: payments } = trpc.payments.mode.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  const checkout = useCheckout();
  const { status } = membership;
  const off = payments?.mode === 'off';
  const annualActive = status.type === 'annual' && status.isActive;
  const annualLabel = annualActive ? P.extend : status.type === 'annual' ? M.membership.gate.renew : P.annual.button;

  return (
    <>
      <PageHeader
        title="Membership"
        description="Choose how you host events."
        actions={
          status.canCreateEvents && (
            <Button component={Link} to="/create-event" variant="light" leftSection={<IconCalendarPlus size={16} />}>
              {M.membership.success.createEvent}
            </Button>
          )
        }
      />
      <Stack gap="lg">
        {off && (
          <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} title="Creating events is free">
            {M.membership.paymentsOffBody}
          </Alert>
        )}
        <Paper withBorder radius="md" p="md" maw={520}>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase" mb={4} style={{ letterSpacing: '0.04em' }}>
            Your membership
          </Text>
          {membership.isLoading ? <Skeleton h={24} /> : <MembershipStatusLine status={status} />}
        </Paper>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          <PlanCard
            plan={{
              icon: IconCalendarPlus,
              ...P.payg,
              price: formatPence(PRICES.PAY_AS_YOU_GO_PENCE),
              current: status.type === 'pay-as-you-go' && status.isActive,
            }}
            action={
              <Button
                variant="light"
                fullWidth
                disabled={off || annualActive}
                loading={checkout.pending === 'one_time'}
                onClick={() => checkout.start('one_time')}
              >
                {P.payg.button}
              </Button>
            }
            note={off ? undefined : annualActive ? P.notNeeded : P.newTab}
          />
          <PlanCard
            plan={{
              icon: IconCrown,
              ...P.annual,
              badge: off ? undefined : P.annual.badge,
              price: formatPence(PRICES.ANNUAL_PENCE),
              highlighted: !off,
              current: annualActive,
            }}
            action={
              <Button
                fullWidth
                disabled={off}
                loading={checkout.pending === 'annual'}
                onClick={() => checkout.start('annual')}
              >
                {annualLabel}
              </Button>
            }
          />
          <PlanCard
            plan={{
              icon: IconBuildingSkyscraper,
              ...P.enterprise,
              priceInWords: true,
              current: status.type === 'enterprise',
            }}
            action={
              <Button component="a" href={enquiry} variant="default" fullWidth leftSection={<IconMail size={16} />}>
                {P.enterprise.button}
              </Button>
            }
          />
        </SimpleGrid>
      </Stack>
    </>
  );
}
