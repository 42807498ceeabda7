import { Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One labelled figure of a revenue card; a skeleton line while it loads. */
export function Figure({ label, value, loading = false }: { label: string; value: ReactNode; loading?: boolean }) {
  return (
    <Stack gap={2} style={{ minWidth: 0 }}>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      {loading ? (
        <Skeleton h={28} w="70%" mt={2} />
      ) : (
        <Text fz={22} fw={700} lh={1.3} style={{ fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' }}>
          {value}
        </Text>
      )}
    </Stack>
  );
}
