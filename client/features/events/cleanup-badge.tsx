import { Badge } from '@mantine/core';
import type { CleanupBadge as Badge_ } from '#shared/dates';
import { BADGE_COLOR } from './event-format';

/** spec §4 data-cleanup badge: Data Cleaned / Cleaning Soon / Active Data. */
export function CleanupBadge({ badge }: { badge: Badge_ }) {
  return (
    <Badge color={BADGE_COLOR[badge]} variant="light" size="sm" style={{ flexShrink: 0 }}>
      {badge}
    </Badge>
  );
}
