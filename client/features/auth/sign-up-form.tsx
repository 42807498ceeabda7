import { Alert, Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { mapAuthError } from '#shared/auth-errors';
import { M } from '#shared/messages';
import { signUpSchema } from '#shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { errorData, fieldErrors } from '../../lib/trpc-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { EmailField, NewPasswordFields } from './auth-fields';
import { useLockout } from './use-lockout';

/** spec §2 /auth sign up: names, e-mail, password with its strength, confirmation. */
export function SignUpForm() {
  const navigate = useNavigate();
  const lockout = useLockout('sign-up');
  const form = useZodForm(signUpSchema, {
    initialValues: { first_name: '', last_name: '', email: '', password: '', confirm_password: '' },
  });

  const signUp = trpc.auth.signUp.useMutation({
    onSuccess: (result) => {
      lockout.clear();
      navigate('/auth/success?type=signup', { state: { email: result.email } });
    },
    onError: (err) => {
      const { code, details } = errorData(err);
      if (code === 'TOO_MANY_REQUESTS') {
        const minutes = details?.retryAfterMinutes ?? 60;
        lockout.lock(minutes);
        notifications.show({
          color: 'red',
          title: M.auth.signupDisabledTitle,
          message: M.auth.signupLockedBody(minutes),
        });
        return;
      }
      if (code === 'CONFLICT') {
        form.setFieldError('email', M.auth.alreadyRegistered);
        return;
      }
      if (code === 'BAD_REQUEST' && Object.keys(fieldErrors(err)).length > 0) {
        form.setErrors(fieldErrors(err));
        return;
      }
      const text = mapAuthError(err.message);
      notifications.show({
        color: 'red',
        title: M.auth.registrationFailedTitle,
        message: text === M.auth.generic ? M.auth.registrationFailedBody : text,
      });
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => signUp.mutate(values))} noValidate>
      <Stack gap="md">
        {lockout.locked && (
          <Alert color="orange" icon={<IconLock size={18} />} title={M.auth.signupDisabledTitle}>
            {M.auth.signupLockedBody(lockout.minutesLeft)}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="md">
          <TextInput label="First name" autoComplete="given-name" withAsterisk {...form.getInputProps('first_name')} />
          <TextInput label="Last name" autoComplete="family-name" withAsterisk {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <EmailField {...form.getInputProps('email')} />
        <NewPasswordFields form={form} label="Password" confirmLabel="Confirm password" />
        <Button type="submit" fullWidth loading={signUp.isPending} disabled={lockout.locked}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
