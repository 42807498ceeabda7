import { Button, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useNavigate } from 'react-router';
import { M } from '#shared/messages';
import { resetPasswordSchema } from '#shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { errorMessage, fieldErrors } from '../../lib/trpc-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { NewPasswordFields } from './auth-fields';
import { useSetMe } from './use-auth';

/** spec §4 update-password mode: the new password for a checked recovery token; then /. */
export function UpdatePasswordForm({
  token,
  email,
  onExpired,
}: {
  token: string;
  email?: string;
  onExpired: () => void;
}) {
  const navigate = useNavigate();
  const setMe = useSetMe();
  const form = useZodForm(resetPasswordSchema, { initialValues: { token, password: '', confirm_password: '' } });
  const update = trpc.auth.resetPassword.useMutation({
    onSuccess: (user) => {
      setMe(user);
      notifications.show({ color: 'teal', message: M.auth.passwordUpdated });
      navigate('/', { replace: true });
    },
    onError: (err) => {
      const errors = fieldErrors(err);
      if (Object.keys(errors).length > 0 && !errors.token) return form.setErrors(errors);
      notifications.show({ color: 'red', title: M.auth.passwordUpdateFailed, message: errorMessage(err) });
      if (err.message === M.verify.recoveryFailed) onExpired();
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => update.mutate(values))} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            Set a new password
          </Title>
          <Text c="dimmed" size="sm">
            {email ? `Choose a new password for ${email}.` : 'Choose a new password for your account.'}
          </Text>
        </Stack>
        {/* Lets password managers file the new password under the right account. */}
        {email && <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />}
        <NewPasswordFields form={form} label="New password" confirmLabel="Confirm new password" />
        <Button type="submit" fullWidth loading={update.isPending}>
          Update Password
        </Button>
      </Stack>
    </form>
  );
}
