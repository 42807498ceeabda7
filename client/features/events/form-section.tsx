import { Badge, Collapse, Group, Paper, Stack, Switch, Text, ThemeIcon, Title } from '@mantine/core';
import type { ComponentType, ReactNode } from 'react';
import { M } from '#shared/messages';

type Icon = ComponentType<{ size?: number; stroke?: number }>;

/** A card of the event form: an icon, a title, a line of context and the fields. */
export function FormSection({
  icon: Icon,
  title,
  description,
  pro = false,
  toggle,
  children,
}: {
  icon: Icon;
  title: string;
  description: string;
  pro?: boolean;
  /** A switch in the header that reveals the fields (spec §4: the PRO sub-forms). */
  toggle?: { checked: boolean; onChange: (checked: boolean) => void; label: string };
  children: ReactNode;
}) {
  const open = toggle ? toggle.checked : true;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
        <Group gap="sm" align="flex-start" wrap="nowrap" style={{ minWidth: 0 }}>
          <ThemeIcon size={36} radius="md" variant="light" color={pro ? 'grape' : 'indigo'}>
            <Icon size={20} stroke={1.7} />
          </ThemeIcon>
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap={8} wrap="nowrap">
              <Title order={2} size="h5">
                {title}
              </Title>
              {pro && (
                <Badge size="sm" variant="gradient" gradient={{ from: 'grape', to: 'indigo', deg: 135 }}>
                  {M.eventForm.pro}
                </Badge>
              )}
            </Group>
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          </Stack>
        </Group>
        {toggle && (
          <Switch
            size="md"
            checked={toggle.checked}
            onChange={(e) => toggle.onChange(e.currentTarget.checked)}
            aria-label={toggle.label}
            mt={4}
          />
        )}
      </Group>
      <Collapse expanded={open} keepMounted={false}>
        <Stack gap="md" pt="md">
          {children}
        </Stack>
      </Collapse>
    </Paper>
  );
}
