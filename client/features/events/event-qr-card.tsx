import { ActionIcon, Alert, Box, Button, Center, Code, Group, Loader, Stack, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCopy, IconDeviceTablet, IconDownload, IconQrcode } from '@tabler/icons-react';
import { useRef } from 'react';
import { QR_SIZES } from '#shared/constants';
import { M } from '#shared/messages';
import { downloadCanvas, QrCode, qrFileName } from '../../components/qr';
import { copyText } from '../../lib/copy-text';
import { DetailCard } from './detail-card';
import type { EventDto } from './event-format';
import { useRegistrationUrl } from './use-registration-url';

/** spec §2 event detail: the registration QR code, its URL, the iPad display and a PNG download. */
export function EventQrCard({ event }: { event: EventDto }) {
  const { ready, url, loopbackOnly } = useRegistrationUrl(event.id);
  const download = useRef<HTMLCanvasElement>(null);

  const copy = async () => {
    if (await copyText(url)) notifications.show({ color: 'green', message: M.success.urlCopied });
  };
  const save = () => download.current && downloadCanvas(download.current, qrFileName(event.name));

  return (
    <DetailCard icon={IconQrcode} title="Event QR Code">
      {!ready ? (
        <Center h={QR_SIZES.EVENT_DETAIL}>
          <Loader size="sm" />
        </Center>
      ) : (
        <>
          <Center>
            <Box p={4} bg="white" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <QrCode value={url} size={QR_SIZES.EVENT_DETAIL} title={`QR code for ${url}`} />
            </Box>
            {/* spec §9: the downloaded image is the 256 px canvas with margin 2 */}
            <QrCode ref={download} value={url} hidden />
          </Center>
          <Group gap={6} wrap="nowrap" align="center">
            <Code
              data-testid="registration-url"
              style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-xs)' }}
            >
              {url}
            </Code>
            <Tooltip label="Copy URL">
              <ActionIcon variant="light" aria-label="Copy registration URL" onClick={copy}>
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          {loopbackOnly && (
            <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} p="sm">
              This link points to {window.location.host}, which phones cannot reach. Set BASE_URL on the server (or open
              Roomlist through this computer's network address) before sharing it.
            </Alert>
          )}
          <Stack gap="xs">
            <Button
              component="a"
              href={`/event-qr/${event.id}`}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconDeviceTablet size={16} />}
            >
              {M.events.ipadDisplay}
            </Button>
            <Button variant="default" leftSection={<IconDownload size={16} />} onClick={save}>
              {M.events.downloadQr}
            </Button>
          </Stack>
        </>
      )}
    </DetailCard>
  );
}
