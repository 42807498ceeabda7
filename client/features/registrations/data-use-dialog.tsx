import { CloseButton, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useId, useLayoutEffect, useRef } from 'react';
import { M } from '#shared/messages';
import { dataUseSections } from '#shared/messages/data-use';

// The browser's own modal <dialog> (focus kept inside, Escape closes, the page behind inert) rather than
// Mantine's Modal: its code and styles would come with this chunk and reshuffle the chunks the attendee list
// and the organiser screens share with it (bench B6). The element fills the screen as the dimmed backdrop,
// so no stylesheet is needed; a click on it outside the card closes the dialog.
const BACKDROP = {
  width: '100%',
  height: '100%',
  maxWidth: 'none',
  maxHeight: 'none',
  margin: 0,
  padding: 'var(--mantine-spacing-md)',
  border: 0,
  background: 'rgba(0, 0, 0, 0.45)',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
} as const;

/**
 * "How your data is used in this room": what each viewer sees, downloads only with consent, the e-mail
 * before deletion, the attendee's own copy and removal, and when everything is deleted (docs/privacy.md).
 * Loaded when first asked for (./privacy-choices.tsx); on screen while mounted.
 */
export function DataUseDialog({ onClose, deletesOn }: { onClose: () => void; deletesOn: string | null }) {
  const ref = useRef<HTMLDialogElement>(null);
  const title = useId();
  // Closed (and the focus given back to what opened it) before the element leaves the page.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    dialog?.showModal();
    return () => {
      dialog?.close();
      opener?.focus();
    };
  }, []);
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop is the pointer's way out; the keyboard's is Escape (the dialog's own cancel)
    <dialog
      ref={ref}
      aria-labelledby={title}
      style={BACKDROP}
      onClose={onClose}
      onClick={(e) => e.target === e.currentTarget && onClose()}
    >
      <Paper
        radius="md"
        shadow="xl"
        p={{ base: 'md', xs: 'lg' }}
        w="100%"
        maw={600}
        mah="100%"
        style={{ overflowY: 'auto' }}
      >
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" mb="md">
          <Group gap={8} wrap="nowrap">
            <IconShieldLock size={22} aria-hidden color="var(--mantine-color-indigo-7)" style={{ flexShrink: 0 }} />
            <Title id={title} order={2} size="h4">
              {M.privacy.howUsed}
            </Title>
          </Group>
          <CloseButton onClick={onClose} aria-label="Close" size="lg" />
        </Group>
        <Stack gap="md">
          {dataUseSections(deletesOn).map((section) => (
            <Stack key={section.heading} gap={4}>
              <Title order={3} size="sm" fw={700}>
                {section.heading}
              </Title>
              {section.lines.map((line) => (
                <Text key={line} size="sm" lh={1.5}>
                  {line}
                </Text>
              ))}
            </Stack>
          ))}
        </Stack>
      </Paper>
    </dialog>
  );
}
