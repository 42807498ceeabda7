import type { FormErrors } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';

/**
 * A form's error toast (`id`) goes once the form holds no error (each field's own goes as it is edited)
 * and when the form goes: it no longer stands beside a corrected form.
 */
export function useFormErrorToast(errors: FormErrors, id: string) {
  const invalid = Object.values(errors).some(Boolean);
  useEffect(() => {
    if (!invalid) notifications.hide(id);
  }, [invalid, id]);
  useEffect(
    () => () => {
      notifications.hide(id);
    },
    [id],
  );
}
