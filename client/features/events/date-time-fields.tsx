import { Select, SimpleGrid } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.css';
import 'dayjs/locale/en-gb';
import { notifications } from '@mantine/notifications';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { endTimeOptions, minEventDate, TIME_OPTIONS } from './time-options';
import type { EventFormApi } from './use-event-form';

const INVALID_TIME_TOAST = 'invalid-time';
const invalidTime = () =>
  notifications.show({
    id: INVALID_TIME_TOAST,
    color: 'red',
    title: M.eventForm.invalidTimeTitle,
    message: M.eventForm.invalidTimeBody,
  });

// Mantine opens an empty Select at its top (00:00, disabled for the end): show the first free time instead.
function scrollToFirstEnabled() {
  requestAnimationFrame(() => {
    const option = document.querySelector<HTMLElement>(
      '.end-time-dropdown [data-combobox-option]:not([data-combobox-disabled])',
    );
    let box = option?.parentElement;
    while (box && box.scrollHeight <= box.clientHeight) box = box.parentElement;
    if (!option || !box) return;
    box.scrollTop += option.getBoundingClientRect().top - box.getBoundingClientRect().top - 4;
  });
}

const CALENDAR_LABELS = {
  nextMonth: 'Next month',
  previousMonth: 'Previous month',
  nextYear: 'Next year',
  previousYear: 'Previous year',
  nextDecade: 'Next decade',
  previousDecade: 'Previous decade',
  monthLevelControl: 'Change month',
  yearLevelControl: 'Change year',
};

/**
 * spec §5 dates and times: past days disabled, the week starts on Monday; times in 15-minute steps,
 * the end disabled until a start exists and never at or before it. Moving the start to or past the
 * end clears the end with a toast (spec §4).
 */
export function DateTimeFields({ form }: { form: EventFormApi }) {
  const { start_time: start, end_time: end } = form.getValues();

  const onStart = (value: string | null) => {
    const next = value ?? '';
    form.setFieldValue('start_time', next);
    if (next && end && end <= next) {
      form.setFieldValue('end_time', '');
      invalidTime();
    }
  };

  const onEnd = (value: string | null) => {
    const next = value ?? '';
    if (next && start && next <= start) {
      invalidTime();
      return;
    }
    form.setFieldValue('end_time', next);
    // a good end time answers the toast that asked for one
    if (next) notifications.hide(INVALID_TIME_TOAST);
  };

  // The picker's button loses focus as its calendar opens: validating on that blur would flag the
  // field before anything could be chosen, so the date is validated when it changes instead.
  const { onBlur: _onBlur, ...dateProps } = form.getInputProps('event_date');
  const startProps = form.getInputProps('start_time');
  const endProps = form.getInputProps('end_time');

  return (
    <>
      <DatePickerInput
        label="Event date"
        placeholder="Pick a date"
        withAsterisk
        valueFormat="ddd, DD MMM YYYY"
        minDate={minEventDate()}
        // spec §9: en-GB, the week starts on Monday (set here, not app-wide: public pages load no dayjs)
        locale="en-gb"
        firstDayOfWeek={1}
        leftSection={<IconCalendar size={16} />}
        ariaLabels={CALENDAR_LABELS}
        popoverProps={{ withinPortal: true }}
        {...dateProps}
      />
      <SimpleGrid cols={2} spacing="md">
        <Select
          label="Start time"
          placeholder="HH:MM"
          withAsterisk
          data={TIME_OPTIONS}
          allowDeselect={false}
          maxDropdownHeight={240}
          leftSection={<IconClock size={16} />}
          {...startProps}
          value={start || null}
          onChange={onStart}
        />
        <Select
          label="End time"
          placeholder="HH:MM"
          withAsterisk
          data={endTimeOptions(start ?? '')}
          disabled={!start}
          classNames={{ dropdown: 'end-time-dropdown' }}
          onDropdownOpen={end ? undefined : scrollToFirstEnabled}
          allowDeselect={false}
          maxDropdownHeight={240}
          leftSection={<IconClock size={16} />}
          {...endProps}
          value={end || null}
          onChange={onEnd}
        />
      </SimpleGrid>
    </>
  );
}
