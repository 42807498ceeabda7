import { Center, Loader, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandLinkedin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { M } from '#shared/messages';
import { PublicLayout } from '../registrations/public-layout';
import { LINKEDIN_MESSAGE, type LinkedInCallbackMessage } from './linkedin-message';

/**
 * spec §2 /linkedin-callback and /auth-callback: the popup's last page. It hands code, state and error
 * to the page that opened it (this origin only: the code must reach no other site), then closes.
 */
export function LinkedInCallbackPage() {
  const [orphan, setOrphan] = useState(false);

  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const message: LinkedInCallbackMessage = {
      type: LINKEDIN_MESSAGE,
      code: q.get('code'),
      state: q.get('state'),
      error: q.get('error'),
    };
    if (!window.opener || window.opener === window) {
      setOrphan(true);
      return;
    }
    window.opener.postMessage(message, window.location.origin);
    window.close();
  }, []);

  if (orphan) {
    return (
      <PublicLayout size={480}>
        <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', xs: 'xl' }} role="status">
          <Stack align="center" gap="sm" ta="center">
            <ThemeIcon size={56} radius="xl" variant="light" color="blue">
              <IconBrandLinkedin size={30} stroke={1.6} />
            </ThemeIcon>
            <Text>{M.linkedin.callbackNoOpener}</Text>
          </Stack>
        </Paper>
      </PublicLayout>
    );
  }
  return (
    <Center mih="100dvh" p="md">
      <Loader aria-label="Returning to the registration page" />
    </Center>
  );
}
