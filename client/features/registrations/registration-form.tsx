import { Button, Flex, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAt, IconPhone } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import type { z } from 'zod';
import { LIMITS } from '#shared/constants';
import { M } from '#shared/messages';
import type {
  EditRegistrationForm,
  EventRules,
  RegistrationForm as JoinForm,
  registrationSchema,
} from '#shared/schemas/registrations';
import { useFormErrorToast } from '../../lib/form-error-toast';
import { notifyOnce } from '../../lib/notify';
import { fieldErrors } from '../../lib/trpc-errors';
import { useUploadProgress } from '../../lib/upload-progress';
import { type FormErrors, lazySchema, useZodForm } from '../../lib/use-zod-form';
import { HeadlineField } from './headline-field';
import { LinkedInImportSlot } from './linkedin-import-slot';
import { PhotoField } from './photo-field';
import { PrivacyChoices, type RoomData } from './privacy-choices';

export type RegistrationValues = z.input<ReturnType<typeof registrationSchema>>;
/** spec §3 LinkedIn import result. */
export type LinkedInProfile = {
  firstName: string;
  lastName: string;
  email: string | null;
  profilePicture: string | null;
};

type Mode = 'join' | 'edit';
type Parsed<M extends Mode> = M extends 'join' ? JoinForm : EditRegistrationForm;

const INVALID_TOAST = 'registration-invalid';
const PHOTO_TOAST = 'photo';

/** The toasts a successful submit makes stale. */
export function clearFormToasts() {
  notifications.hide(INVALID_TOAST);
  notifications.hide(PHOTO_TOAST);
}

const unique = (errors: FormErrors) => [...new Set(Object.values(errors).filter(Boolean).map(String))];

/**
 * spec §5: the Validation Error toast lists the messages; the edit form's own title when a name is
 * missing ("Missing information" - "First name and last name are required.").
 */
function showInvalid(mode: Mode, errors: FormErrors) {
  const messages = unique(errors);
  const nameMissing = mode === 'edit' && messages.includes(M.attendees.missingInfoBody);
  notifications.hide(PHOTO_TOAST); // "Photo uploaded" is old news beside what is still missing
  notifyOnce(INVALID_TOAST, {
    color: 'red',
    title: nameMissing ? M.attendees.missingInfoTitle : M.eventForm.validationErrorTitle,
    message: messages.join('\n'),
    styles: { description: { whiteSpace: 'pre-line' } },
  });
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}

/**
 * spec §2 /register and the edit routes: photo, names, e-mail and phone (required only when the event
 * says so), headline, and the attendee's choices of who sees what (./privacy-choices.tsx). One shared
 * schema per mode validates here and on the server. `onSubmit` throws to report a failure; field errors
 * from the server are shown like the browser's own.
 */
export function RegistrationForm<M extends Mode>({
  mode,
  rules,
  room,
  initialValues,
  submitLabel,
  pending,
  linkedIn = false,
  currentPhoto = null,
  onSubmit,
  onFailed,
  notice,
}: {
  mode: M;
  rules: EventRules;
  /** The event's download offer and deletion date, for the choices and the line above them. */
  room: RoomData;
  /** Every field, the choices included (the join's defaults, or the entry's own when editing). */
  initialValues: RegistrationValues;
  submitLabel: string;
  pending: boolean;
  /** Offer the LinkedIn import above the fields (the slot shows it when the server has it configured). */
  linkedIn?: boolean;
  /** Editing: the stored photo, shown until a new one is chosen (the form's `photo` stays empty). */
  currentPhoto?: string | null;
  onSubmit: (values: Parsed<M>) => Promise<unknown>;
  /** A failure that is not about a field: the caller's toast. */
  onFailed: (err: unknown) => void;
  /** Shown above the submit button (the join's failure and its Retry). */
  notice?: ReactNode;
}) {
  const progress = useUploadProgress();
  const { email_required, phone_required } = rules;
  // The shared schemas bring zod (~21 KB on the wire): fetched when the form is first touched, so the
  // page is usable before they arrive (issue 8 B6); a check asked for earlier waits for them.
  const schema = useMemo(
    () =>
      lazySchema(() =>
        import('#shared/schemas/registrations').then((s) => {
          const eventRules = { email_required, phone_required };
          return (
            mode === 'join' ? s.registrationSchema(eventRules) : s.editRegistrationSchema(eventRules)
          ) as ReturnType<typeof registrationSchema>;
        }),
      ),
    [mode, email_required, phone_required],
  );
  const form = useZodForm(schema, { initialValues });
  useFormErrorToast(form.errors, INVALID_TOAST);
  const values = form.getValues();
  const headlineTooLong = (values.headline?.length ?? 0) > LIMITS.HEADLINE_MAX;
  const noPhoto = mode === 'join' && !values.photo;

  const submit = async (parsed: unknown) => {
    try {
      await onSubmit(parsed as Parsed<M>);
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        showInvalid(mode, fields);
        return;
      }
      onFailed(err);
    }
  };

  const importProfile = (p: LinkedInProfile) => {
    form.setValues({
      first_name: p.firstName,
      last_name: p.lastName,
      ...(p.email ? { email: p.email } : {}),
      ...(p.profilePicture ? { photo: p.profilePicture } : {}),
    });
  };

  return (
    <form
      onSubmit={form.onSubmit(submit, (errors) => showInvalid(mode, errors))}
      onFocus={schema.load}
      onPointerDown={schema.load}
      noValidate
    >
      <Stack gap="md">
        {linkedIn && <LinkedInImportSlot onImport={importProfile} />}
        <PhotoField
          value={values.photo || currentPhoto}
          onChange={(dataUrl) => {
            form.setFieldValue('photo', dataUrl);
            form.clearFieldError('photo');
          }}
          required={mode === 'join'}
          error={form.errors.photo as string | undefined}
        />
        {/* One column on a phone, two from xs (Flex: SimpleGrid's responsive code costs /register ~0.4 KB) */}
        <Flex direction={{ base: 'column', xs: 'row' }} gap="md">
          <TextInput
            flex={1}
            label="First name"
            autoComplete="given-name"
            withAsterisk
            maxLength={LIMITS.NAME_PATTERN_MAX}
            {...form.getInputProps('first_name')}
            value={values.first_name ?? ''}
          />
          <TextInput
            flex={1}
            label="Last name"
            autoComplete="family-name"
            withAsterisk
            maxLength={LIMITS.NAME_PATTERN_MAX}
            {...form.getInputProps('last_name')}
            value={values.last_name ?? ''}
          />
        </Flex>
        <TextInput
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="you@example.com"
          leftSection={<IconAt size={16} />}
          withAsterisk={rules.email_required}
          {...form.getInputProps('email')}
          value={values.email ?? ''}
        />
        <TextInput
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+44 7700 900123"
          leftSection={<IconPhone size={16} />}
          withAsterisk={rules.phone_required}
          {...form.getInputProps('phone')}
          value={values.phone ?? ''}
        />
        <HeadlineField {...form.getInputProps('headline')} value={values.headline} />
        <PrivacyChoices value={values} onChange={form.setFieldValue} room={room} />
        <Stack gap={6} mt="xs">
          {notice}
          <Button type="submit" size="md" fullWidth loading={pending} disabled={noPhoto || headlineTooLong}>
            {submitLabel}
          </Button>
          {pending && progress !== null && <UploadProgress fraction={progress} />}
          {(noPhoto || headlineTooLong) && (
            <Text size="xs" c="dimmed" ta="center">
              {noPhoto ? M.attendees.photoRequiredShort : M.attendees.headlineTooLong}
            </Text>
          )}
        </Stack>
      </Stack>
    </form>
  );
}

/** How much of the photo has gone: a thin bar and its percentage (a slow phone network takes seconds). */
function UploadProgress({ fraction }: { fraction: number }) {
  const percent = Math.round(fraction * 100);
  return (
    <Stack gap={4} data-testid="upload-progress">
      <div
        role="progressbar"
        aria-label="Upload progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        style={{ height: 4, borderRadius: 2, background: 'var(--mantine-color-gray-2)', overflow: 'hidden' }}
      >
        <div style={{ width: `${percent}%`, height: '100%', background: 'var(--mantine-color-indigo-7)' }} />
      </div>
      <Text size="xs" c="dimmed" ta="center">
        {M.attendees.sendingPhoto(percent)}
      </Text>
    </Stack>
  );
}
