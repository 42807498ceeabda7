import { Text, TextInput, type TextInputProps } from '@mantine/core';
import { LIMITS } from '#shared/constants';
import { M } from '#shared/messages';

/** spec §5, §9: a text input limited to `max` characters (50 by default) with an "n/max" counter. */
export function CountedTextInput({ max = LIMITS.TEXT_INPUT_MAX, value, ...props }: TextInputProps & { max?: number }) {
  const length = typeof value === 'string' ? value.length : 0;
  return (
    <TextInput
      {...props}
      value={value ?? ''}
      maxLength={max}
      rightSectionWidth={52}
      rightSectionPointerEvents="none"
      rightSection={
        <Text size="xs" c={length >= max ? 'orange.7' : 'dimmed'} aria-hidden>
          {M.eventForm.counter(length, max)}
        </Text>
      }
    />
  );
}
