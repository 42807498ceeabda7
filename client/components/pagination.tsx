import { Button, Group, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { M } from '#shared/messages';
import { pageWindow } from '#shared/pagination';

/**
 * spec §2 /events pagination: Previous/Next, at most 5 page numbers and "Showing X to Y of Z events".
 * Shown only when there is more than one page; changing page scrolls the window to the top.
 */
export function Pagination({
  page,
  limit,
  total,
  onChange,
  label = 'Pages',
  summary = M.events.showing,
}: {
  page: number;
  limit: number;
  total: number;
  onChange: (page: number) => void;
  label?: string;
  /** "Showing X to Y of Z …" for what is paged (events unless told). */
  summary?: (from: number, to: number, total: number) => string;
}) {
  const w = pageWindow(page, limit, total);
  if (w.totalPages <= 1) return null;

  const go = (p: number) => {
    onChange(p);
    window.scrollTo({ top: 0 });
  };

  return (
    <Group justify="space-between" gap="sm" wrap="wrap" pt="md" component="nav" aria-label={label}>
      <Text size="sm" c="dimmed">
        {summary(w.from, w.to, w.total)}
      </Text>
      <Group gap={4} wrap="nowrap">
        <Button
          variant="default"
          size="xs"
          px={8}
          leftSection={<IconChevronLeft size={14} />}
          disabled={!w.hasPrevious}
          onClick={() => go(w.page - 1)}
        >
          Previous
        </Button>
        {w.pages.map((p) => (
          <Button
            key={p}
            size="xs"
            miw={30}
            px={8}
            variant={p === w.page ? 'filled' : 'default'}
            aria-current={p === w.page ? 'page' : undefined}
            aria-label={`Page ${p}`}
            onClick={() => p !== w.page && go(p)}
          >
            {p}
          </Button>
        ))}
        <Button
          variant="default"
          size="xs"
          px={8}
          rightSection={<IconChevronRight size={14} />}
          disabled={!w.hasNext}
          onClick={() => go(w.page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}
