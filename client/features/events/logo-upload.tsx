import { Box, Button, FileButton, Group, Image, Input, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { IMAGES } from '#shared/constants';
import { M } from '#shared/messages';
import { LogoError, prepareLogo, uploadLogo } from './logo-file';

const ACCEPT = [...IMAGES.LOGO_TYPES, '.png', '.jpg', '.jpeg', '.svg'].join(',');

/** spec §5 sponsor logo: pick, check, shrink if needed, upload; a preview with Remove once set. */
export function LogoUpload({
  value,
  onChange,
  error,
}: {
  value: string | null | undefined;
  onChange: (url: string | null) => void;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      const { body, optimized } = await prepareLogo(file);
      if (optimized) {
        notifications.show({ color: 'blue', title: M.success.imageOptimized, message: 'Resized to fit 400x200.' });
      }
      onChange(await uploadLogo(body));
      notifications.show({ color: 'green', message: M.success.logoUploaded });
    } catch (err) {
      const e =
        err instanceof LogoError ? err : new LogoError(M.eventForm.uploadFailedTitle, M.eventForm.logoUploadFailedBody);
      notifications.show({ color: 'red', title: e.title, message: e.description });
    } finally {
      setBusy(false);
    }
  };

  const remove = () => {
    onChange(null);
    notifications.show({ color: 'green', message: M.success.logoRemoved });
  };

  return (
    <Input.Wrapper
      label="Sponsor logo"
      description="PNG, JPG or SVG. A 3:1 ratio works best, e.g. 300x100."
      error={error}
    >
      <Stack gap="xs" mt={6}>
        {value && (
          <Group gap="md" wrap="wrap" align="center">
            <Box
              p="xs"
              bg="gray.0"
              style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
            >
              <Image src={value} alt="Sponsor logo preview" h={60} w="auto" maw={240} fit="contain" />
            </Box>
            <Button variant="subtle" color="red" size="xs" leftSection={<IconTrash size={14} />} onClick={remove}>
              Remove logo
            </Button>
          </Group>
        )}
        <Group gap="sm">
          <FileButton onChange={pick} accept={ACCEPT}>
            {(props) => (
              <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={busy}>
                {value ? 'Replace logo' : 'Upload logo'}
              </Button>
            )}
          </FileButton>
          {!value && (
            <Text size="xs" c="dimmed">
              No logo yet
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
