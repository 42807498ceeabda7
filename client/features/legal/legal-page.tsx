import { Anchor, Box, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Brand } from '../../components/brand';
import { appName } from '../../lib/app-name';
import { usePageTitle } from '../../lib/use-page-title';
import { legalTexts } from './legal-texts';

/**
 * The legal links of /account (spec §2). Public, so attendees can read them too: "Back" returns to the page
 * that linked here, or to the start when the page was opened on its own.
 */
export function LegalPage({ kind }: { kind: 'terms' | 'privacy' }) {
  const page = legalTexts(appName())[kind];
  const navigate = useNavigate();
  const location = useLocation();
  usePageTitle(page.title);
  // React Router marks the first entry of a visit "default": nothing of this app to go back to
  const back = () => (location.key === 'default' ? navigate('/') : navigate(-1));
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
              <Text>{page.intro}</Text>
              {page.sections.map((section) => (
                <Stack key={section.heading} gap={6}>
                  <Title order={2} size="h4">
                    {section.heading}
                  </Title>
                  {section.paragraphs.map((p) => (
                    <Text key={p} c="dimmed">
                      {p}
                    </Text>
                  ))}
                </Stack>
              ))}
              <Anchor component="button" type="button" size="sm" onClick={back} w="fit-content">
                <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
                Back
              </Anchor>
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </Box>
  );
}
