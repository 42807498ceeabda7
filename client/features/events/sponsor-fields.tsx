import { Alert, Anchor, Button, Collapse, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconChevronRight, IconCircleCheck, IconInfoCircle, IconLink } from '@tabler/icons-react';
import { LIMITS } from '#shared/constants';
import { normalizeUrl, sponsorHref } from '#shared/sponsor';
import { CountedTextInput } from '../../components/counted-text-input';
import { LogoUpload } from './logo-upload';
import type { EventFormApi } from './use-event-form';

type UtmField =
  | 'sponsor_utm_source'
  | 'sponsor_utm_medium'
  | 'sponsor_utm_campaign'
  | 'sponsor_utm_content'
  | 'sponsor_utm_term';

/** spec §5 sponsor: logo, URL (normalised on blur), text, UTM values and the final link. */
export function SponsorFields({ form }: { form: EventFormApi }) {
  const [advanced, { toggle }] = useDisclosure(false);
  const values = form.getValues();
  const href = sponsorHref({
    sponsor_link_url: values.sponsor_link_url ?? null,
    sponsor_utm_source: values.sponsor_utm_source,
    sponsor_utm_medium: values.sponsor_utm_medium,
    sponsor_utm_campaign: values.sponsor_utm_campaign,
    sponsor_utm_content: values.sponsor_utm_content,
    sponsor_utm_term: values.sponsor_utm_term,
  });
  const active = Boolean(values.sponsor_logo_url && href);

  const urlProps = form.getInputProps('sponsor_link_url');
  const onUrlBlur = () => {
    form.setFieldValue('sponsor_link_url', normalizeUrl(form.getValues().sponsor_link_url ?? ''));
    form.validateField('sponsor_link_url');
  };

  const utm = (field: UtmField, label: string, placeholder: string) => (
    <CountedTextInput
      label={label}
      placeholder={placeholder}
      max={LIMITS.UTM_MAX}
      {...form.getInputProps(field)}
      value={form.getValues()[field] ?? ''}
    />
  );

  return (
    <>
      <LogoUpload
        value={values.sponsor_logo_url}
        onChange={(url) => form.setFieldValue('sponsor_logo_url', url)}
        error={form.errors.sponsor_logo_url as string | undefined}
      />
      <TextInput
        label="Sponsor website"
        placeholder="example.com"
        inputMode="url"
        autoComplete="url"
        leftSection={<IconLink size={16} />}
        maxLength={LIMITS.URL_MAX}
        {...urlProps}
        value={values.sponsor_link_url ?? ''}
        onBlur={onUrlBlur}
      />
      <CountedTextInput
        label="Sponsor text"
        description="Shown before the logo in the attendee-list header."
        {...form.getInputProps('sponsor_text')}
        value={values.sponsor_text ?? ''}
      />

      <Stack gap="xs">
        <Text size="sm" fw={500}>
          Campaign tracking (UTM)
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          {utm('sponsor_utm_source', 'Source', 'roomlist')}
          {utm('sponsor_utm_medium', 'Medium', 'event')}
          {utm('sponsor_utm_campaign', 'Campaign', 'spring-meetup')}
        </SimpleGrid>
        <Button
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          px={4}
          leftSection={advanced ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
          onClick={toggle}
          aria-expanded={advanced}
        >
          Advanced
        </Button>
        <Collapse expanded={advanced}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {utm('sponsor_utm_content', 'Content', 'banner')}
            {utm('sponsor_utm_term', 'Term', 'networking')}
          </SimpleGrid>
        </Collapse>
      </Stack>

      {href && (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            Link preview
          </Text>
          <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {href}
          </Anchor>
        </Stack>
      )}

      {active ? (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />}>
          Sponsor branding is active: attendees see the logo, linked to the sponsor's website.
        </Alert>
      ) : (
        <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
          Sponsor branding is shown only when both a logo and a website are set.
        </Alert>
      )}
    </>
  );
}
