import { IconCrown } from '@tabler/icons-react';
import { PRICES } from '#shared/constants';
import { formatPence } from '#shared/money';
import { ComingSoon } from '../../components/coming-soon';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';

/** spec §2 /membership. The plans and checkout arrive with the memberships feature. */
export function MembershipPage() {
  usePageTitle('Membership');
  return (
    <>
      <PageHeader title="Membership" description="Choose how you host events." />
      <ComingSoon icon={IconCrown} title="Membership plans" action={{ label: 'Back to Account', to: '/account' }}>
        Pay as you go ({formatPence(PRICES.PAY_AS_YOU_GO_PENCE)} per event), Annual ({formatPence(PRICES.ANNUAL_PENCE)}{' '}
        per year, unlimited events) and Enterprise plans will be offered here.
      </ComingSoon>
    </>
  );
}
