import '@mantine/core/styles/Divider.css';
import { Button, Divider, Stack } from '@mantine/core';
import { IconBrandLinkedin } from '@tabler/icons-react';
import { M } from '#shared/messages';
import type { LinkedInProfile } from '#shared/schemas/linkedin';
import { useLinkedInImport } from './use-linkedin-import';

/** spec §2 /register: "Import from LinkedIn", then the divider "Or add details manually". */
export function ImportFromLinkedIn({ onImport }: { onImport: (profile: LinkedInProfile) => void }) {
  const linkedin = useLinkedInImport(onImport);
  return (
    <Stack gap="md">
      <Button
        type="button"
        variant="outline"
        color="#0a66c2"
        size="md"
        fullWidth
        leftSection={<IconBrandLinkedin size={20} />}
        onClick={linkedin.start}
        disabled={!linkedin.ready}
        loading={linkedin.busy}
      >
        {M.attendees.importLinkedIn}
      </Button>
      <Divider label={M.attendees.orManual} labelPosition="center" />
    </Stack>
  );
}
