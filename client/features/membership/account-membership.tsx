import { Button, Skeleton } from '@mantine/core';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { MembershipStatusLine, useMembership } from './membership-status';

/** spec §2 /account: the plan (or "No active membership"), Active/Inactive, and the way to /membership. */
export function AccountMembership() {
  const { status, isLoading } = useMembership();
  return (
    <>
      {isLoading ? <Skeleton h={24} /> : <MembershipStatusLine status={status} />}
      <Button component={Link} to="/membership" variant="light" w="fit-content">
        {M.membership.gate.viewPlans}
      </Button>
    </>
  );
}
