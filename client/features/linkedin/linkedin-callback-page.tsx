import { Center, Loader, Text } from '@mantine/core';
import { IconBrandLinkedin } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { M } from '#shared/messages';
import { MessageCard } from '../registrations/message-card';
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
      <MessageCard icon={IconBrandLinkedin} color="blue" role="status">
        <Text>{M.linkedin.callbackNoOpener}</Text>
      </MessageCard>
    );
  }
  return (
    <Center mih="100dvh" p="md">
      <Loader aria-label="Returning to the registration page" />
    </Center>
  );
}
