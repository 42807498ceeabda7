import { type FormErrors, schemaResolver, type UseFormInput, useForm } from '@mantine/form';
import type { z } from 'zod';

/**
 * @mantine/form validated by a shared zod schema (Mantine 9 reads zod through Standard Schema), so the
 * browser shows exactly the messages the server would send. `onSubmit` hands over the schema's parsed
 * output (trimmed, lowercased e-mail ...), not the raw input values.
 */
export function useZodForm<S extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  schema: S,
  options: Omit<UseFormInput<z.input<S>, z.output<S>>, 'validate' | 'transformValues'> & {
    initialValues: z.input<S>;
  },
) {
  return useForm<z.input<S>, z.output<S>, FormErrors>({
    validateInputOnBlur: true,
    ...options,
    validate: schemaResolver(schema, { sync: true }),
    transformValues: (values) => schema.parse(values),
  });
}
