import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { Brand } from '../../components/brand';
import { appName } from '../../lib/app-name';
import { usePageTitle } from '../../lib/use-page-title';

const PAGES = {
  terms: {
    title: 'Terms of Service',
    body: `These terms govern the use of ${appName()} by event organisers and attendees. The full text will be published here before launch.`,
  },
  privacy: {
    title: 'Privacy Policy',
    body: `${appName()} keeps attendee details only as long as an event needs them: personal data is deleted automatically two working days after the event ends. The full policy will be published here before launch.`,
  },
} as const;

/** The legal links of /account (spec §2). Public, so attendees can read them too. */
export function LegalPage({ kind }: { kind: keyof typeof PAGES }) {
  const page = PAGES[kind];
  usePageTitle(page.title);
  return (
    <Box mih="100dvh" bg="gray.0" py={{ base: 'lg', sm: 48 }}>
      <Container size={720}>
        <Stack gap="lg">
          <Link to="/" style={{ color: 'inherit', textDecoration: 'none', width: 'fit-content' }}>
            <Brand />
          </Link>
          <Paper withBorder radius="md" p={{ base: 'lg', sm: 'xl' }}>
            <Stack gap="md">
              <Title order={1} size="h2">
                {page.title}
              </Title>
              <Text c="dimmed">{page.body}</Text>
              <Anchor component={Link} to="/account" size="sm">
                <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
                Back to Account
              </Anchor>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
