import { type EventFormInput, eventFormSchema } from '#shared/schemas/events';
import { useZodForm } from '../../lib/use-zod-form';
import type { EventDto } from './event-format';

/** The event form: the shared zod schema through @mantine/form (spec §5). */
export function useEventForm(initialValues: EventFormInput) {
  return useZodForm(eventFormSchema, { initialValues });
}
export type EventFormApi = ReturnType<typeof useEventForm>;

/** The edit form's initial values from a stored event. */
export function formValuesOf(e: EventDto): EventFormInput {
  return {
    name: e.name,
    venue: e.venue,
    city: e.city,
    event_date: e.event_date.slice(0, 10),
    start_time: e.start_time.slice(0, 5),
    end_time: e.end_time.slice(0, 5),
    time_zone: e.time_zone,
    email_required: e.email_required,
    phone_required: e.phone_required,
    sponsor_enabled: e.sponsor_enabled,
    sponsor_logo_url: e.sponsor_logo_url,
    sponsor_link_url: e.sponsor_link_url ?? '',
    sponsor_text: e.sponsor_text ?? '',
    sponsor_utm_source: e.sponsor_utm_source ?? '',
    sponsor_utm_medium: e.sponsor_utm_medium ?? '',
    sponsor_utm_campaign: e.sponsor_utm_campaign ?? '',
    sponsor_utm_content: e.sponsor_utm_content ?? '',
    sponsor_utm_term: e.sponsor_utm_term ?? '',
    download_enabled: e.download_enabled,
    download_price: e.download_price,
    download_formats: e.download_formats,
  };
}
