import { useEffect, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { PasswordInput, Stack } from '@mantine/core';
import { firstError, messages, newPasswordSchema } from '../../../../contract/validation';
import { FormSuccess, RequestError } from '../../../components/ui/form-alerts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { RESET_REDIRECT_MS } from '../../../config/constants';
import { useField } from '../../../hooks/use-field';
import { useResetPassword } from '../api/reset-password';

/** Both fields are required (spec point 5), then the contract's length rule applies. */
const checkNewPassword = (value: string) =>
  value === '' ? messages.passwordRequired : firstError(newPasswordSchema, value);

export function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const newPassword = useField(checkNewPassword);
  const confirm = useField(
    (value) =>
      checkNewPassword(value) ??
      (value !== newPassword.value ? messages.passwordsDoNotMatch : null),
  );
  const reset = useResetPassword();
  const done = reset.isSuccess;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [newPassword.check(), confirm.check()];
    if (problems.some(Boolean)) return;
    reset.mutate({ token, newPassword: newPassword.value });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <FormSuccess message={reset.data} />
        <RequestError request={reset} fallback="Failed to reset password" />
        <PasswordInput
          label="New Password"
          autoComplete="new-password"
          withAsterisk
          disabled={done}
          {...newPassword.inputProps}
        />
        <PasswordInput
          label="Confirm Password"
          autoComplete="new-password"
          withAsterisk
          disabled={done}
          {...confirm.inputProps}
        />
        <SubmitButton pending={reset.isPending} pendingLabel="Resetting..." disabled={done}>
          Reset Password
        </SubmitButton>
      </Stack>
    </form>
  );
}
