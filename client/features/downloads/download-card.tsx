import { Button, Collapse, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAddressBook,
  IconChevronDown,
  IconDownload,
  IconFileSpreadsheet,
  IconFileTypePdf,
  IconLock,
} from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { M } from '#shared/messages';
import { formatPrice } from '#shared/money';
import type { DownloadFormat } from '#shared/schemas/downloads';
import type { PublicEventDto } from '#shared/schemas/registrations';
import { trpc } from '../../lib/trpc';
import { errorMessage } from '../../lib/trpc-errors';
import { useMyRegistration } from '../registrations/use-my-registration';
import { saveFile } from './save-file';
import { useDownloadReturn } from './use-download-return';

const ICONS = { csv: IconFileSpreadsheet, pdf: IconFileTypePdf } as const;

/**
 * spec §2 the attendee list's collapsible download card: the event's formats with the price ("Free" for
 * 0), labelled PRO (§9). §6: only a browser holding the token of its registration downloads, else "Join
 * Room to Download" with the note. Free: prepare → file. Paid: a checkout in a new tab (§7), which comes
 * back to this page with download=success (use-download-return.ts). Before any of it, how many of the
 * attendees included their contact details: the file lists the others by name, photo and headline only.
 */
export function DownloadCard({ event }: { event: PublicEventDto }) {
  const mine = useMyRegistration(event.id);
  const payments = trpc.payments.mode.useQuery(undefined, { staleTime: Number.POSITIVE_INFINITY });
  // PAYMENTS=off sells nothing: every list is free there (the server decides the same way).
  const price = payments.data?.mode === 'off' ? 0 : event.download_price;
  const returning = useDownloadReturn(event.id, mine);
  const [open, setOpen] = useState(false);
  // Back from a checkout: the card opens and stays open to show what happened.
  useEffect(() => {
    if (returning) setOpen(true);
  }, [returning]);
  const [busy, setBusy] = useState<DownloadFormat | null>(null);
  const prepare = trpc.downloads.prepare.useMutation();
  const createPayment = trpc.downloads.createPayment.useMutation();

  const owner = mine.data ? { registrationId: mine.data.registration.id, registrationToken: mine.data.token } : null;

  async function download(format: DownloadFormat) {
    if (!owner) return;
    setBusy(format);
    try {
      if (price === 0) {
        const file = await prepare.mutateAsync({ eventId: event.id, format, ...owner });
        saveFile(file.downloadUrl, file.fileName);
        notifications.show({ color: 'green', message: M.success.downloadStarted });
      } else {
        // Opened now, inside the click: a tab opened after the request returns is blocked as a popup.
        const tab = window.open('', '_blank');
        try {
          const { url } = await createPayment.mutateAsync({ eventId: event.id, format, ...owner });
          notifications.show({ color: 'blue', message: M.success.redirectingToPayment });
          if (tab) {
            tab.opener = null;
            tab.location.href = url;
          } else window.location.assign(url);
        } catch (err) {
          tab?.close();
          throw err;
        }
      }
    } catch (err) {
      notifications.show({ color: 'red', title: M.downloads.failed, message: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  }

  const expanded = open || returning;
  // Asked again each time the card opens: people join and change their minds while the list is open.
  const sharing = trpc.downloads.countSharedContacts.useQuery(
    { eventId: event.id },
    { enabled: expanded, staleTime: 0, retry: false },
  );
  return (
    <Paper withBorder radius="md" p={0}>
      <UnstyledButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={expanded}
        aria-controls="download-card-body"
        w="100%"
        p={{ base: 'md', sm: 'lg' }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <IconDownload size={20} aria-hidden style={{ flexShrink: 0 }} />
            <div style={{ minWidth: 0 }}>
              <Text fw={600}>{M.downloads.title}</Text>
              <Text size="sm" c={price === 0 ? 'teal' : 'dimmed'} fw={price === 0 ? 600 : 400}>
                {formatPrice(price)}
              </Text>
            </div>
          </Group>
          <IconChevronDown
            size={18}
            aria-hidden
            style={{
              flexShrink: 0,
              transform: expanded ? 'rotate(180deg)' : undefined,
              transition: 'transform 150ms',
            }}
          />
        </Group>
      </UnstyledButton>
      <Collapse expanded={expanded}>
        <Stack id="download-card-body" gap="sm" px={{ base: 'md', sm: 'lg' }} pb={{ base: 'md', sm: 'lg' }}>
          {sharing.data && sharing.data.attendees > 0 && (
            <Group gap="xs" wrap="nowrap" align="flex-start" data-testid="download-contacts">
              <IconAddressBook size={18} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
              <Text size="sm" c="dimmed">
                {M.choices.contactsIncluded(sharing.data.sharing, sharing.data.attendees)}
              </Text>
            </Group>
          )}
          {mine.isPending ? null : owner ? (
            event.download_formats.map((format) => {
              const Icon = ICONS[format];
              return (
                <Group key={format} justify="space-between" wrap="nowrap" gap="sm">
                  <Group gap="xs" wrap="nowrap" miw={0}>
                    <Icon size={20} aria-hidden color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
                    <Text size="sm">{M.downloads.formats[format]}</Text>
                  </Group>
                  <Button
                    size="xs"
                    style={{ flexShrink: 0 }}
                    variant={price === 0 ? 'light' : 'filled'}
                    leftSection={<IconDownload size={14} />}
                    loading={busy === format}
                    disabled={returning || (busy !== null && busy !== format)}
                    onClick={() => download(format)}
                    aria-label={`${price === 0 ? M.downloads.download : M.downloads.buy(formatPrice(price))}: ${M.downloads.formats[format]}`}
                  >
                    {price === 0 ? M.downloads.download : M.downloads.buy(formatPrice(price))}
                  </Button>
                </Group>
              );
            })
          ) : (
            <Stack gap="xs" align="flex-start">
              <Button component={Link} to={`/register/${event.id}`} leftSection={<IconLock size={16} />}>
                {M.downloads.joinToDownload}
              </Button>
              <Text size="sm" c="dimmed">
                {M.downloads.joinToDownloadNote}
              </Text>
            </Stack>
          )}
        </Stack>
      </Collapse>
    </Paper>
  );
}
