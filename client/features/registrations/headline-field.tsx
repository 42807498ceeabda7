import { Anchor, List, Stack, Text, Textarea, type TextareaProps } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useState } from 'react';
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
        autosize
        minRows={2}
        maxRows={6}
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
