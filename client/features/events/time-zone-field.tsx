import { type ComboboxItem, type OptionsFilter, Select } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useMemo } from 'react';
import { M } from '#shared/messages';
import { zoneName } from '#shared/zone-names';
import type { EventFormApi } from './use-event-form';

/**
 * Every IANA zone this browser knows, UTC among them, and the one chosen: the server may spell a zone
 * as another name of it that this browser does not list.
 */
function zoneOptions(chosen: string | null | undefined) {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const zones = new Set(['UTC', ...known]);
  if (chosen) zones.add(chosen);
  return [...zones].sort().map((value) => ({ value, label: zoneName(value) }));
}

/** 'new_york', 'new york' and 'New York' all find America/New_York. */
const byName: OptionsFilter = ({ options, search }) => {
  const q = search.toLowerCase().replace(/_/g, ' ').trim();
  return (options as ComboboxItem[]).filter((o) => o.label.toLowerCase().includes(q));
};

/** The event's time zone: the organiser's browser zone for a new event, searchable by any part of its name. */
export function TimeZoneField({ form }: { form: EventFormApi }) {
  const chosen = form.getValues().time_zone;
  const data = useMemo(() => zoneOptions(chosen), [chosen]);
  return (
    <Select
      label={M.timeZone.label}
      description={M.timeZone.description}
      placeholder={M.timeZone.placeholder}
      searchable
      filter={byName}
      nothingFoundMessage={M.timeZone.nothingFound}
      data={data}
      allowDeselect={false}
      maxDropdownHeight={280}
      leftSection={<IconWorld size={16} />}
      comboboxProps={{ withinPortal: true }}
      {...form.getInputProps('time_zone')}
      value={chosen || null}
      data-testid="event-time-zone"
    />
  );
}
