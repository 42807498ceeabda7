import { Anchor, List, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { LIMITS } from '#shared/constants';
import { M } from '#shared/messages';

// spec §2 /register: the headline has "a list of ideas". Short prompts, each a way to start a conversation.
const IDEAS = [
  'What I do and what I’m looking for: “Product designer, looking for a front-end co-founder”',
  'Ask me about…: a topic you could talk about all evening',
  'I can help with…: a skill you are happy to share',
  'Who I’d like to meet today: founders, hiring managers, fellow runners',
  'What I’m working on right now, in one line',
  'Hiring, or looking for a role? Say so, with the kind of role',
];

// Grows with its text from 2 to 6 lines by CSS alone (field-sizing), so nothing is measured while the page
// renders: Mantine's autosize reads the whole page's layout in the form's first commit (issue 8 B7).
const GROWS = {
  input: {
    fieldSizing: 'content',
    minHeight: 'calc(2lh + 2 * var(--input-padding-y) + 2px)',
    maxHeight: 'calc(6lh + 2 * var(--input-padding-y) + 2px)',
  },
} as const;
const FIELD_SIZING = typeof CSS !== 'undefined' && CSS.supports('field-sizing', 'content');

/** Where field-sizing is missing (Safari before 26, Firefox): the height follows the text as it is typed. */
function growWithoutFieldSizing(event: FormEvent<HTMLTextAreaElement>) {
  if (FIELD_SIZING) return;
  const el = event.currentTarget;
  el.style.height = 'auto';
  el.style.height = `${el.scrollHeight + el.offsetHeight - el.clientHeight}px`;
}

/** spec §5: a headline of at most 300 characters with a counter "n/300" and ideas to start from. */
export function HeadlineField(props: Omit<TextareaProps, 'value'> & { value: string | null | undefined }) {
  const [ideas, setIdeas] = useState(false);
  const length = props.value?.length ?? 0;
  const over = length > LIMITS.HEADLINE_MAX;
  return (
    <Stack gap={6}>
      <Textarea
        label="Headline"
        placeholder="What you do, and what you are looking for"
        rows={2}
        styles={GROWS}
        onInput={growWithoutFieldSizing}
        {...props}
        value={props.value ?? ''}
        description={
          <Text component="span" size="xs" c={over ? 'red.7' : 'dimmed'} aria-live="polite">
            {M.eventForm.counter(length, LIMITS.HEADLINE_MAX)}
          </Text>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
      />
      <Anchor
        component="button"
        type="button"
        size="xs"
        onClick={() => setIdeas((open) => !open)}
        aria-expanded={ideas}
        w="fit-content"
      >
        <IconBulb size={14} style={{ verticalAlign: -2, marginRight: 4 }} />
        {ideas ? 'Hide headline ideas' : 'Need ideas for your headline?'}
      </Anchor>
      {/* Shown without Mantine's Collapse: its animation code (~2 KB) is not worth a place on /register. */}
      {ideas && (
        <List size="sm" c="dimmed" spacing={4} pl={4} aria-label="Headline ideas">
          {IDEAS.map((idea) => (
            <List.Item key={idea}>{idea}</List.Item>
          ))}
        </List>
      )}
    </Stack>
  );
}
