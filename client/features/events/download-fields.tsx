import { Badge, Checkbox, NumberInput, Stack, Text } from '@mantine/core';
import { DOWNLOADS, REVENUE } from '#shared/constants';
import { M } from '#shared/messages';
import { formatPence, penceToPounds, poundsToPence } from '#shared/money';
import type { EventFormApi } from './use-event-form';

const MAX_POUNDS = penceToPounds(DOWNLOADS.MAX_PRICE_PENCE);

/** spec §5 download options: a price in pounds (stored as pence, 0 = Free) and the formats (CSV, PDF). */
export function DownloadFields({ form }: { form: EventFormApi }) {
  const { download_price: price = 0, download_formats: formats = [] } = form.getValues();
  const priceProps = form.getInputProps('download_price');

  return (
    <>
      <NumberInput
        label="Price per download"
        prefix="£"
        min={0}
        max={MAX_POUNDS}
        step={0.01}
        decimalScale={2}
        fixedDecimalScale
        thousandSeparator=","
        allowNegative={false}
        clampBehavior="blur"
        error={priceProps.error}
        onBlur={priceProps.onBlur}
        value={penceToPounds(price)}
        onChange={(v) =>
          form.setFieldValue('download_price', poundsToPence(typeof v === 'number' ? v : Number(v) || 0))
        }
        rightSectionWidth={price === 0 ? 64 : undefined}
        rightSection={
          price === 0 ? (
            <Badge color="teal" variant="light" size="sm">
              {M.eventForm.free}
            </Badge>
          ) : undefined
        }
        w={{ base: '100%', xs: 260 }}
      />
      <Text size="sm" c="dimmed" mt={-8}>
        {price === 0
          ? 'Attendees download the list for free.'
          : `Attendees pay ${formatPence(price)} per download; you earn ${REVENUE.ORGANISER_SHARE_PERCENT}%.`}
      </Text>

      <Checkbox.Group
        label="Formats"
        withAsterisk
        value={formats}
        onChange={(v) => form.setFieldValue('download_formats', v as (typeof DOWNLOADS.FORMATS)[number][])}
        error={form.errors.download_formats}
      >
        <Stack gap="xs" mt={8}>
          <Checkbox value="csv" label="CSV (spreadsheet)" />
          <Checkbox value="pdf" label="PDF (printable sheet with photos)" />
        </Stack>
      </Checkbox.Group>
    </>
  );
}
