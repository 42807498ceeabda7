import { Alert, Anchor, Button, Group, PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useState } from 'react';
import { mapAuthError } from '#shared/auth-errors';
import { M } from '#shared/messages';
import { signInSchema } from '#shared/schemas/auth';
import { notifyOnce } from '../../lib/notify';
import { hideErrorToasts } from '../../lib/stale-toasts';
import { trpc } from '../../lib/trpc';
import { errorData, fieldErrors } from '../../lib/trpc-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { EmailField } from './auth-fields';
import { useSetMe } from './use-auth';
import { useLockout } from './use-lockout';

/** spec §2 /auth sign in, §4 sign-in lockout (the server counts and locks; the form mirrors it). */
export function SignInForm({ initialEmail, onForgot }: { initialEmail: string; onForgot: () => void }) {
  const form = useZodForm(signInSchema, { initialValues: { email: initialEmail, password: '' } });
  const lockout = useLockout('sign-in');
  const setMe = useSetMe();
  const [error, setError] = useState<string | null>(null);

  const signIn = trpc.auth.signIn.useMutation({
    onSuccess: (user) => {
      lockout.clear();
      hideErrorToasts(); // "Authentication failed… attempts remaining" no longer holds
      setMe(user);
    },
    onError: (err) => {
      const { code, details } = errorData(err);
      if (code === 'TOO_MANY_REQUESTS') {
        const minutes = details?.retryAfterMinutes ?? 30;
        lockout.lock(minutes);
        setError(null);
        notifyOnce('sign-in', { color: 'red', title: M.auth.lockedTitle, message: M.auth.lockedBody(minutes) });
        return;
      }
      if (code === 'BAD_REQUEST') form.setErrors(fieldErrors(err));
      const text = mapAuthError(err.message);
      setError(text);
      if (details?.remainingAttempts !== undefined) {
        notifyOnce('sign-in', {
          color: 'red',
          title: M.auth.failedTitle,
          message: `${text}. ${M.auth.remainingAttempts(details.remainingAttempts)}`,
        });
      }
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => signIn.mutate(values))} noValidate>
      <Stack gap="md">
        {lockout.locked ? (
          <Alert color="orange" icon={<IconLock size={18} />} title={M.auth.lockedTitle}>
            {M.auth.lockedBody(lockout.minutesLeft)}
          </Alert>
        ) : (
          error && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {error}
            </Alert>
          )
        )}
        <EmailField {...form.getInputProps('email')} />
        <Stack gap={6}>
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            placeholder="Your password"
            withAsterisk
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={onForgot}>
              Forgot password?
            </Anchor>
          </Group>
        </Stack>
        <Button type="submit" fullWidth loading={signIn.isPending} disabled={lockout.locked}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
