import { Button, Group, SimpleGrid, Stack, Switch } from '@mantine/core';
import type { FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconCalendarEvent, IconDownload, IconSpeakerphone, IconUserCheck } from '@tabler/icons-react';
import { M } from '#shared/messages';
import type { EventFormInput, EventForm as EventFormValues } from '#shared/schemas/events';
import { CountedTextInput } from '../../components/counted-text-input';
import { useFormErrorToast } from '../../lib/form-error-toast';
import { notifyOnce } from '../../lib/notify';
import { errorCode, errorMessage, fieldErrors } from '../../lib/trpc-errors';
import { DateTimeFields } from './date-time-fields';
import { DownloadFields } from './download-fields';
import { FormSection } from './form-section';
import { SponsorFields } from './sponsor-fields';
import { TimeZoneField } from './time-zone-field';
import { useEventForm } from './use-event-form';

const INVALID_TOAST = 'event-form-invalid';

/**
 * spec §5: the Validation Error toast lists every message; the first invalid field gets the focus. It
 * stays until the form holds no error (each field's goes as it is edited), is closed, or the form goes.
 */
function showInvalid(errors: FormErrors) {
  const messages = [...new Set(Object.values(errors).filter(Boolean).map(String))];
  notifyOnce(INVALID_TOAST, {
    autoClose: false,
    color: 'red',
    title: M.eventForm.validationErrorTitle,
    message: messages.join('\n'),
    styles: { description: { whiteSpace: 'pre-line' } },
  });
  requestAnimationFrame(() => document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus());
}

function serverErrorTitle(err: unknown) {
  const code = errorCode(err);
  if (code === 'UNAUTHORIZED') return M.eventForm.authRequired;
  if (code === 'BAD_REQUEST') return M.eventForm.validationErrorTitle;
  return M.events.errorTitle;
}

/** spec §2 /create-event and /edit-event/{id}: one form, prefilled when editing. */
export function EventForm({
  initialValues,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
}: {
  initialValues: EventFormInput;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: EventFormValues) => Promise<unknown>;
  onCancel: () => void;
}) {
  const form = useEventForm(initialValues);
  const values = form.getValues();
  useFormErrorToast(form.errors, INVALID_TOAST);

  const submit = async (parsed: EventFormValues) => {
    try {
      await onSubmit(parsed);
    } catch (err) {
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) {
        form.setErrors(fields);
        showInvalid(fields);
        return;
      }
      notifications.show({ color: 'red', title: serverErrorTitle(err), message: errorMessage(err) });
    }
  };

  return (
    <form onSubmit={form.onSubmit(submit, showInvalid)} noValidate>
      <Stack gap="lg" maw={880}>
        <FormSection icon={IconCalendarEvent} title="Event details" description="What, where and when.">
          <CountedTextInput
            label="Event name"
            placeholder="Summer Meetup"
            withAsterisk
            {...form.getInputProps('name')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            <CountedTextInput
              label="Venue"
              placeholder="The Old Library"
              withAsterisk
              {...form.getInputProps('venue')}
            />
            <CountedTextInput label="City" placeholder="Leeds" withAsterisk {...form.getInputProps('city')} />
          </SimpleGrid>
          <DateTimeFields form={form} />
          <TimeZoneField form={form} />
        </FormSection>

        <FormSection
          icon={IconUserCheck}
          title="Attendee details"
          description="A photo and a name are always asked for. Choose what else attendees must give."
        >
          <Switch
            label="Email Required"
            description="Attendees must give an e-mail address to join."
            {...form.getInputProps('email_required', { type: 'checkbox' })}
          />
          <Switch
            label="Phone Required"
            description="Attendees must give a phone number to join."
            {...form.getInputProps('phone_required', { type: 'checkbox' })}
          />
        </FormSection>

        <FormSection
          icon={IconSpeakerphone}
          title="Sponsor branding"
          description="Show a sponsor's logo and link in the attendee-list header."
          pro
          toggle={{
            label: 'Sponsor branding',
            checked: Boolean(values.sponsor_enabled),
            onChange: (v) => form.setFieldValue('sponsor_enabled', v),
          }}
        >
          <SponsorFields form={form} />
        </FormSection>

        <FormSection
          icon={IconDownload}
          title="Download options"
          description="Let attendees download the attendee list, free or paid."
          pro
          toggle={{
            label: 'Download options',
            checked: Boolean(values.download_enabled),
            onChange: (v) => form.setFieldValue('download_enabled', v),
          }}
        >
          <DownloadFields form={form} />
        </FormSection>

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
