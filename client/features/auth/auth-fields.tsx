import { PasswordInput, TextInput, type TextInputProps } from '@mantine/core';
import type { FormErrors, GetInputPropsReturnType } from '@mantine/form';
import { PasswordStrengthMeter, passwordErrorProps } from './password-strength-meter';

/** The account e-mail field shared by the sign-in, sign-up and forgot-password forms. */
export function EmailField(props: TextInputProps) {
  return (
    <TextInput label="Email" type="email" autoComplete="email" placeholder="you@example.com" withAsterisk {...props} />
  );
}

/** What NewPasswordFields needs of a form with `password` and `confirm_password` fields. */
type PasswordForm = {
  errors: FormErrors;
  getValues: () => { password: string };
  getInputProps: (path: 'password' | 'confirm_password') => GetInputPropsReturnType;
};

/** A new password with its strength meter, then its confirmation (sign up, set a new password). */
export function NewPasswordFields({
  form,
  label,
  confirmLabel,
}: {
  form: PasswordForm;
  label: string;
  confirmLabel: string;
}) {
  const password = form.getValues().password;
  return (
    <>
      <PasswordInput
        label={label}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('password')}
        {...passwordErrorProps(form.errors.password, password)}
      />
      <PasswordStrengthMeter password={password} />
      <PasswordInput
        label={confirmLabel}
        autoComplete="new-password"
        withAsterisk
        {...form.getInputProps('confirm_password')}
      />
    </>
  );
}
