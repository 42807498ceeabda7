import { Anchor, Input, Paper, Stack, Text } from '@mantine/core';
import { type ComponentType, type CSSProperties, type ReactNode, useId, useState } from 'react';
import { PRIVACY } from '#shared/constants';
import { formatLongDate } from '#shared/dates';
import { M } from '#shared/messages';
import type { ContactVisibility } from '#shared/schemas/registrations';
import { zonedDayWithTemporal } from '#shared/zone-names';

import { notifyOnce } from '../../lib/notify';
import type { DataUseDialog } from './data-use-dialog';

// The dialog and its texts come when first asked for: the join page stays within its budget (bench B6).
// Fetched by hand, not with React.lazy: a failed fetch (venue Wi-Fi) is a toast, never the error screen
// over a half-filled form.
const loadDialog = () => import('./data-use-dialog').then((m) => m.DataUseDialog);
/** Fetched ahead when the link is pointed at or focused (a failure shows when it is pressed). */
const preload = () => void loadDialog().catch(() => undefined);

export type Choices = {
  contact_visibility?: ContactVisibility;
  show_on_display?: boolean;
  share_in_download?: boolean;
};

/** What the event tells the form about its data: a download on offer, and when everything is deleted. */
export type RoomData = { downloads: boolean; deletionDate: string | null; timeZone: string };

/**
 * The deletion's calendar day on the event's clocks (an evening in California is the next morning in
 * UTC): Temporal's, where the browser has it (an Intl format first made here costs a phone ~100 ms, bench
 * B7), else Intl's 'en-CA', which writes YYYY-MM-DD; the shared zone arithmetic stays off the join page (B6).
 */
function deletesOn(room: RoomData) {
  if (!room.deletionDate) return null;
  const at = new Date(room.deletionDate);
  if (Number.isNaN(at.getTime())) return null;
  const day = zonedDayWithTemporal(room.deletionDate, room.timeZone);
  if (day) return formatLongDate(day);
  const f = new Intl.DateTimeFormat('en-CA', {
    timeZone: room.timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return formatLongDate(f.format(at));
}

// Native radio buttons and checkboxes in the theme's colour: Mantine's Radio and Checkbox would add ~3.3 KB
// of script and their stylesheets to /register, more than its budget has left (bench B6). The browser's
// own controls keep the keyboard (arrows within the group, space) and the screen reader's reading.
const CONTROL: CSSProperties = {
  width: 18,
  height: 18,
  margin: '1px 0 0',
  flexShrink: 0,
  accentColor: 'var(--mantine-primary-color-filled)',
  cursor: 'pointer',
};
const ROW: CSSProperties = { display: 'flex', gap: 10, alignItems: 'flex-start', cursor: 'pointer' };

function Option({
  name,
  value,
  checked,
  onSelect,
}: {
  name: string;
  value: ContactVisibility;
  checked: boolean;
  onSelect: () => void;
}) {
  return (
    <label
      style={{
        ...ROW,
        alignItems: 'center',
        padding: '9px 12px',
        borderRadius: 'var(--mantine-radius-sm)',
        border: `1px solid var(--mantine-color-${checked ? 'indigo-5' : 'gray-3'})`,
        background: checked ? 'var(--mantine-color-indigo-0)' : 'var(--mantine-color-white)',
      }}
    >
      <input type="radio" name={name} value={value} checked={checked} onChange={onSelect} style={CONTROL} />
      <Text size="sm" fw={checked ? 600 : 400} component="span">
        {M.privacy.visibility[value]}
      </Text>
    </label>
  );
}

function Toggle({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  // named by its label alone (the whole <label> would add the description to the name)
  return (
    <label style={ROW}>
      <input
        type="checkbox"
        checked={checked}
        onChange={(e) => onChange(e.currentTarget.checked)}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        style={CONTROL}
      />
      <span>
        <Text id={`${id}-label`} size="sm" component="span" display="block" lh={1.35}>
          {label}
        </Text>
        <Text id={`${id}-hint`} size="xs" c="dimmed" component="span" display="block" mt={2}>
          {description}
        </Text>
      </span>
    </label>
  );
}

/**
 * The attendee's choices on the join and edit forms (docs/privacy.md): who sees their e-mail and phone,
 * the venue screen, and (only where the organiser offers the list as a file) contacts in that file. Above
 * them, one line on who sees what and when it is deleted, and "How your data is used in this room".
 */
export function PrivacyChoices({
  value,
  onChange,
  room,
}: {
  value: Choices;
  onChange: <K extends keyof Choices>(field: K, value: NonNullable<Choices[K]>) => void;
  room: RoomData;
}) {
  const [Dialog, setDialog] = useState<ComponentType<Parameters<typeof DataUseDialog>[0]> | null>(null);
  const openDialog = () =>
    loadDialog().then(
      (loaded) => setDialog(() => loaded),
      () => notifyOnce('data-use', { color: 'red', message: M.common.network }),
    );
  const ids = useId();
  const visibility = value.contact_visibility ?? PRIVACY.DEFAULT_CONTACT_VISIBILITY;
  return (
    <Paper role="group" aria-labelledby={`${ids}-heading`} bg="gray.0" radius="md" p={{ base: 'sm', xs: 'md' }}>
      <Stack gap="md">
        <div>
          <Text id={`${ids}-heading`} fw={600} size="sm" mb={4}>
            {M.choices.heading}
          </Text>
          <Text size="sm" c="dimmed" lh={1.45}>
            {M.choices.notice(deletesOn(room))}{' '}
            <Anchor
              component="button"
              type="button"
              size="sm"
              fw={600}
              onClick={openDialog}
              onPointerEnter={preload}
              onFocus={preload}
              style={{ verticalAlign: 'baseline' }}
            >
              {M.privacy.howUsed}
            </Anchor>
          </Text>
        </div>
        <div role="radiogroup" aria-labelledby={`${ids}-visibility`}>
          <Input.Label id={`${ids}-visibility`} component="div" mb={6}>
            {M.privacy.visibilityLabel}
          </Input.Label>
          <Stack gap={6}>
            {PRIVACY.CONTACT_VISIBILITY.map((v) => (
              <Option
                key={v}
                name={`${ids}-visibility`}
                value={v}
                checked={visibility === v}
                onSelect={() => onChange('contact_visibility', v)}
              />
            ))}
          </Stack>
        </div>
        <Toggle
          label={M.privacy.showOnDisplay}
          description={M.choices.showOnDisplayHint}
          checked={value.show_on_display ?? PRIVACY.SHOW_ON_DISPLAY_DEFAULT}
          onChange={(on) => onChange('show_on_display', on)}
        />
        {room.downloads && (
          <Toggle
            label={M.privacy.shareInDownload}
            description={M.choices.shareInDownloadHint}
            checked={value.share_in_download ?? PRIVACY.SHARE_IN_DOWNLOAD_DEFAULT}
            onChange={(on) => onChange('share_in_download', on)}
          />
        )}
      </Stack>
      {Dialog && <Dialog onClose={() => setDialog(null)} deletesOn={deletesOn(room)} />}
    </Paper>
  );
}
