import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { ATTENDEES, DEFAULTS } from '#shared/constants';
import type { RegistrationSort } from '#shared/schemas/registrations';

/**
 * The search box, sort and page of an attendee list (the public one and the organiser's). The search is
 * debounced, and a new term or sort starts again at page 1 (spec §5 attendee search).
 */
export function useListQuery() {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), ATTENDEES.SEARCH_DEBOUNCE_MS);
  const [sortBy, setSortBy] = useState<RegistrationSort>(DEFAULTS.ATTENDEE_SORT);
  const [page, setPage] = useState(1);
  const [shownFor, setShownFor] = useState({ debounced, sortBy });
  if (shownFor.debounced !== debounced || shownFor.sortBy !== sortBy) {
    setShownFor({ debounced, sortBy });
    setPage(1);
  }
  return { search, setSearch, debounced, sortBy, setSortBy, page, setPage };
}
