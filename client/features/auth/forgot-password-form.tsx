import { Alert, Anchor, Button, Center, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle, IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { mapAuthError } from '#shared/auth-errors';
import { M } from '#shared/messages';
import { forgotPasswordSchema } from '#shared/schemas/auth';
import { trpc } from '../../lib/trpc';
import { fieldErrors } from '../../lib/trpc-errors';
import { useZodForm } from '../../lib/use-zod-form';
import { EmailField } from './auth-fields';

/**
 * spec §5 forgot password: e-mail only; then /auth/password-reset-success. `reason`: why a reset link
 * brought the reader here instead (expired, used or mangled), kept on the form after its toast has gone.
 */
export function ForgotPasswordForm({
  initialEmail,
  reason,
  onBack,
}: {
  initialEmail: string;
  reason?: string;
  onBack: () => void;
}) {
  const navigate = useNavigate();
  const form = useZodForm(forgotPasswordSchema, { initialValues: { email: initialEmail } });
  const send = trpc.auth.forgotPassword.useMutation({
    onSuccess: (_result, input) => navigate('/auth/password-reset-success', { state: { email: input.email } }),
    onError: (err) => {
      const errors = fieldErrors(err);
      if (Object.keys(errors).length > 0) return form.setErrors(errors);
      notifications.show({
        color: 'red',
        title: M.auth.resetEmailErrorTitle,
        message: mapAuthError(err.message),
      });
    },
  });

  return (
    <form onSubmit={form.onSubmit((values) => send.mutate(values))} noValidate>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={2} size="h3">
            Forgot your password?
          </Title>
          <Text c="dimmed" size="sm">
            Enter the e-mail address of your account and we will send you a link to set a new password.
          </Text>
        </Stack>
        {reason && (
          <Alert color="orange" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {reason}
          </Alert>
        )}
        <EmailField {...form.getInputProps('email')} />
        <Button type="submit" fullWidth loading={send.isPending}>
          Send Reset Link
        </Button>
        <Center>
          <Anchor component="button" type="button" size="sm" onClick={onBack}>
            <IconArrowLeft size={14} style={{ verticalAlign: 'middle', marginRight: 4 }} />
            Back to sign in
          </Anchor>
        </Center>
      </Stack>
    </form>
  );
}
