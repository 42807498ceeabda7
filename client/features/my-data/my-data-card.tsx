import '../../styles/my-data-styles';
import { Button, Flex, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBraces, IconDoorExit, IconFileSpreadsheet, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '#shared/messages';
import { myDataMessages } from '#shared/messages/my-data';
import type { MyDataRequest } from '#shared/schemas/my-data';
import { ConfirmModal } from '../../components/confirm';
import { useMyData } from './use-my-data';

/**
 * The owner's card under their entry's form: "Download my data" (JSON or CSV) and "Remove me from this
 * room" behind a confirmation. Shown only to the browser whose token owns the entry (the edit page).
 */
export function MyDataCard({
  owner,
  eventName,
  onRemoved,
}: {
  owner: MyDataRequest;
  eventName: string;
  onRemoved: () => void;
}) {
  const { save, saving, leave, leaving } = useMyData(owner, eventName, onRemoved);
  const [confirming, setConfirming] = useState(false);

  return (
    <Paper
      withBorder
      shadow="sm"
      radius="md"
      p={{ base: 'md', xs: 'xl' }}
      component="section"
      aria-labelledby="my-data-title"
    >
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon size={36} radius="xl" variant="light" color="indigo" style={{ flexShrink: 0 }}>
            <IconShieldLock size={20} stroke={1.6} />
          </ThemeIcon>
          <Stack gap={4} miw={0}>
            <Text fw={600} id="my-data-title">
              {myDataMessages.myData.title}
            </Text>
            <Text size="sm" c="dimmed">
              {myDataMessages.myData.intro}
            </Text>
          </Stack>
        </Group>
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {M.privacy.downloadMyData}
          </Text>
          <Flex gap="sm" direction={{ base: 'column', xs: 'row' }}>
            <Button
              variant="light"
              leftSection={<IconBraces size={16} />}
              loading={saving === 'json'}
              disabled={saving !== null && saving !== 'json'}
              onClick={() => save('json')}
              aria-label={`${M.privacy.downloadMyData}: ${myDataMessages.myData.asJson}`}
              style={{ flex: '1 1 auto' }}
            >
              {myDataMessages.myData.asJson}
            </Button>
            <Button
              variant="light"
              leftSection={<IconFileSpreadsheet size={16} />}
              loading={saving === 'csv'}
              disabled={saving !== null && saving !== 'csv'}
              onClick={() => save('csv')}
              aria-label={`${M.privacy.downloadMyData}: ${myDataMessages.myData.asCsv}`}
              style={{ flex: '1 1 auto' }}
            >
              {myDataMessages.myData.asCsv}
            </Button>
          </Flex>
        </Stack>
        <Button
          variant="outline"
          color="red"
          leftSection={<IconDoorExit size={16} />}
          onClick={() => setConfirming(true)}
          fullWidth
        >
          {M.privacy.removeMe}
        </Button>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={myDataMessages.myData.removeTitle}
        confirmLabel={myDataMessages.myData.removeConfirm}
        loading={leaving}
        onConfirm={async () => {
          await leave();
          setConfirming(false);
        }}
        onClose={() => setConfirming(false)}
      >
        {myDataMessages.myData.removeBody}
      </ConfirmModal>
    </Paper>
  );
}
