import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft, IconCalendarPlus, IconCrown, IconHourglassEmpty, IconSparkles } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import type { MembershipStatus, StoreMembershipType } from '#shared/schemas/membership';
import { useCheckout } from './use-checkout';

type Variant = {
  icon: ComponentType<{ size?: number; stroke?: number }>;
  color: string;
  title: string;
  body: string;
  /** A checkout to start, or (none) the way to the plans. */
  actions: { label: string; primary?: boolean; buy?: StoreMembershipType }[];
};

const G = M.membership.gate;

/** spec §4 membership gate: which variant a user who cannot create events sees. */
function variantOf(status: MembershipStatus): Variant {
  if (status.type === 'pay-as-you-go') {
    return {
      icon: IconCalendarPlus,
      color: 'indigo',
      title: G.anotherTitle,
      body: G.anotherBody,
      actions: [
        { label: G.buyAnother, primary: true, buy: 'one_time' },
        { label: G.upgrade, buy: 'annual' },
      ],
    };
  }
  if (status.type === 'annual') {
    return {
      icon: IconHourglassEmpty,
      color: 'orange',
      title: G.expiredTitle,
      body: G.expiredBody,
      actions: [
        { label: G.renew, primary: true, buy: 'annual' },
        { label: G.payOne, buy: 'one_time' },
      ],
    };
  }
  return {
    icon: IconSparkles,
    color: 'indigo',
    title: G.noneTitle,
    body: G.noneBody,
    actions: [{ label: G.viewPlans, primary: true }],
  };
}

/**
 * Shown on /create-event instead of the form when canCreateEvents is false. "View Membership Plans"
 * leads to /membership; the other buttons start their checkout (one-off in a new tab, spec §4).
 */
export function MembershipGate({ status }: { status: MembershipStatus }) {
  const v = variantOf(status);
  const Icon = v.icon;
  const checkout = useCheckout();
  return (
    <Paper withBorder radius="md" p={{ base: 'lg', sm: 48 }} maw={640} mx="auto" mt={{ base: 0, sm: 'xl' }}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light" color={v.color}>
          <Icon size={32} stroke={1.6} />
        </ThemeIcon>
        <Title order={1} size="h2">
          {v.title}
        </Title>
        <Text c="dimmed" maw={460}>
          {v.body}
        </Text>
        <Stack gap="sm" w="100%" maw={320} mt="sm">
          {v.actions.map((a) => {
            const look = {
              size: 'md',
              variant: a.primary ? 'filled' : 'light',
              leftSection: a.primary ? <IconCrown size={18} /> : undefined,
              fullWidth: true,
            } as const;
            const buy = a.buy;
            return buy ? (
              <Button key={a.label} {...look} loading={checkout.pending === buy} onClick={() => checkout.start(buy)}>
                {a.label}
              </Button>
            ) : (
              <Button key={a.label} {...look} component={Link} to="/membership">
                {a.label}
              </Button>
            );
          })}
          <Button component={Link} to="/events" variant="subtle" color="gray" leftSection={<IconArrowLeft size={16} />}>
            {G.backToEvents}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
