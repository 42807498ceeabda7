import { Badge, Group, Text } from '@mantine/core';
import { M } from '#shared/messages';
import type { MembershipStatus } from '#shared/schemas/membership';
import { trpc } from '../../lib/trpc';

// spec §7 check-membership: the default when the answer is missing.
export const NO_MEMBERSHIP: MembershipStatus = { type: 'none', isActive: false, canCreateEvents: false };

/** The signed-in user's membership, asked again whenever a page showing it opens. */
export function useMembership() {
  // Checkout opens in another tab: back on this one, the status is asked again (INACTIVE → ACTIVE).
  const q = trpc.membership.check.useQuery(undefined, { refetchOnMount: 'always', refetchOnWindowFocus: 'always' });
  return { ...q, status: q.data ?? NO_MEMBERSHIP };
}

/** spec §2 /account: the plan's name with an Active/Inactive badge. */
export function MembershipStatusLine({ status }: { status: MembershipStatus }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text fw={500}>{M.membership.typeLabel[status.type]}</Text>
      <Badge color={status.isActive ? 'teal' : 'gray'} variant="light" style={{ flexShrink: 0 }}>
        {status.isActive ? M.membership.active : M.membership.inactive}
      </Badge>
    </Group>
  );
}
