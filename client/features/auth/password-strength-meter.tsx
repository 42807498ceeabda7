import { Group, List, Progress, Stack, Text } from '@mantine/core';
import { IconPoint } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { passwordIssues, passwordStrength } from '#shared/password';

/**
 * While the meter lists what the password still lacks, the field itself only turns red: repeating the
 * first missing rule under the input would say the same thing twice.
 */
export function passwordErrorProps(error: ReactNode, password: string): { error?: ReactNode } {
  if (!error) return {};
  return { error: password ? true : error };
}

const COLORS = ['red', 'red', 'orange', 'yellow', 'teal'] as const;

/** spec §5 password: the 0-4 score with its label, and the rules still failing. */
export function PasswordStrengthMeter({ password }: { password: string }) {
  if (!password) return null;
  const { score, label } = passwordStrength(password);
  const issues = passwordIssues(password);
  const color = COLORS[score];
  return (
    <Stack gap={6} mt={-4} aria-live="polite">
      <Group gap="xs" wrap="nowrap">
        <Progress.Root size={6} style={{ flex: 1 }} aria-label="Password strength">
          {[1, 2, 3, 4].map((step) => (
            <Progress.Section key={step} value={24} color={score >= step ? color : 'gray.2'} mr={step < 4 ? 4 : 0} />
          ))}
        </Progress.Root>
        <Text size="xs" fw={600} c={`${color}.8`} miw={64} ta="right" data-testid="password-strength">
          {label}
        </Text>
      </Group>
      {issues.length > 0 && (
        <List size="xs" spacing={2} c="dimmed" icon={<IconPoint size={12} />} center>
          {issues.map((issue) => (
            <List.Item key={issue}>{issue}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
