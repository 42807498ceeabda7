import { Avatar, Button, FileButton, Group, Input, Stack, Text } from '@mantine/core';
import { IconCamera, IconUser } from '@tabler/icons-react';
import { useState } from 'react';
import { M } from '#shared/messages';
import { notifyOnce } from '../../lib/notify';
import { checkPhoto, PhotoError, resizePhoto } from './photo-file';

// Extensions too: some phones hand over files with an empty MIME type.
const ACCEPT = 'image/jpeg,image/png,image/gif,image/webp,.jpg,.jpeg,.png,.gif,.webp';

/**
 * spec §5 photo upload: pick, check type and size (two toasts), resize in the browser, preview. The
 * value is the resized JPEG as a data URL (what the join takes) or, when editing, the stored photo's URL.
 */
export function PhotoField({
  value,
  onChange,
  required = false,
  error,
}: {
  value: string | null;
  onChange: (dataUrl: string) => void;
  required?: boolean;
  error?: string;
}) {
  const [busy, setBusy] = useState(false);

  const pick = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    try {
      checkPhoto(file);
      onChange(await resizePhoto(file));
      notifyOnce('photo', { color: 'green', message: M.success.photoUploaded });
    } catch (err) {
      const e =
        err instanceof PhotoError
          ? err
          : new PhotoError(M.attendees.photoUploadFailedTitle, M.attendees.photoUploadFailedBody);
      notifyOnce('photo', { color: 'red', title: e.title, message: e.description });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Input.Wrapper label="Photo" withAsterisk={required} error={error}>
      <Group gap="md" mt={6} wrap="nowrap" align="center">
        <Avatar
          src={value}
          alt={value ? 'Your photo' : undefined}
          size={88}
          radius={88}
          color="indigo"
          style={{
            flexShrink: 0,
            border: '2px solid var(--mantine-color-white)',
            boxShadow: 'var(--mantine-shadow-sm)',
          }}
        >
          <IconUser size={40} stroke={1.4} />
        </Avatar>
        <Stack gap={6} style={{ minWidth: 0 }}>
          <FileButton onChange={pick} accept={ACCEPT}>
            {(props) => (
              <Button
                {...props}
                variant={value ? 'default' : 'light'}
                leftSection={<IconCamera size={16} />}
                loading={busy}
                w="fit-content"
                aria-label={value ? 'Change photo' : 'Upload photo'}
              >
                {value ? 'Change photo' : 'Upload photo'}
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            JPEG, PNG, GIF or WebP, under 5 MB. A clear face helps people find you.
          </Text>
        </Stack>
      </Group>
    </Input.Wrapper>
  );
}
