import { Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconCrown, IconFileText, IconTrash, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { PageHeader } from '../../components/page-header';
import { usePageTitle } from '../../lib/use-page-title';
import { useMe } from '../auth/use-auth';
import { AccountMembership } from '../membership/account-membership';
import { SectionCard } from './section-card';
import { SecurityCard } from './security-card';

const memberSince = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function Field({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** spec §2 /account: profile, membership, legal links, password reset, logout, delete placeholder. */
export function AccountPage() {
  usePageTitle('Account');
  const { data: me } = useMe();
  if (!me) return null;

  return (
    <>
      <PageHeader title="Account" description="Your profile, membership and security settings." />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <SectionCard title="Profile" description={`${me.first_name} ${me.last_name}`} icon={IconUser}>
            <Field label="Email" value={me.email} />
            <Field label="Member since" value={memberSince(me.created_at)} />
          </SectionCard>

          <SectionCard
            title="Membership status"
            description="Your plan decides how you create events"
            icon={IconCrown}
            color="yellow"
          >
            <AccountMembership />
          </SectionCard>

          <SecurityCard />

          <SectionCard title="Legal" description="How Roomlist handles your data" icon={IconFileText} color="gray">
            <Group gap="lg">
              <Anchor component={Link} to="/terms">
                Terms of Service
              </Anchor>
              <Anchor component={Link} to="/privacy">
                Privacy Policy
              </Anchor>
            </Group>
          </SectionCard>
        </SimpleGrid>

        <SectionCard
          title="Delete account"
          description="Permanently remove your account and data"
          icon={IconTrash}
          color="red"
        >
          <Text size="sm" c="dimmed">
            {M.account.deletePlaceholder}
          </Text>
        </SectionCard>
      </Stack>
    </>
  );
}
