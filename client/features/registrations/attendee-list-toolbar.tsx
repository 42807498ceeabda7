import { CloseButton, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SORTS } from '#shared/constants';
import { M } from '#shared/messages';
import type { RegistrationSort } from '#shared/schemas/registrations';

// spec §2: A-Z, Z-A, Newest, Oldest (in that order)
const SORT_ORDER: RegistrationSort[] = ['name-asc', 'name-desc', 'newest', 'oldest'];
const SORT_DATA = SORT_ORDER.filter((s) => (SORTS.REGISTRATIONS as readonly string[]).includes(s)).map((value) => ({
  value,
  label: M.attendees.sort[value],
}));

/** spec §2 attendee list: "Search attendees..." and the four sorts. */
export function AttendeeListToolbar({
  search,
  onSearch,
  sortBy,
  onSort,
}: {
  search: string;
  onSearch: (value: string) => void;
  sortBy: RegistrationSort;
  onSort: (value: RegistrationSort) => void;
}) {
  return (
    <Stack gap="xs">
      <TextInput
        type="search"
        placeholder={M.attendees.search}
        aria-label={M.attendees.search}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(e) => onSearch(e.currentTarget.value)}
        rightSection={search ? <CloseButton size="sm" aria-label="Clear search" onClick={() => onSearch('')} /> : null}
      />
      <SegmentedControl
        fullWidth
        size="sm"
        data={SORT_DATA}
        value={sortBy}
        onChange={(v) => onSort(v as RegistrationSort)}
        aria-label="Sort attendees"
      />
    </Stack>
  );
}
