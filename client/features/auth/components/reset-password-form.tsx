import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { firstError, messages, newPasswordSchema } from '../../../../contract/validation';
import { RESET_REDIRECT_MS } from '../../../config/constants';
import { useField } from '../../../hooks/use-field';
import { errorText } from '../../../lib/api-client';
import { resetPassword } from '../api/reset-password';

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
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const done = result?.ok === true;

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate('/login'), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [newPassword.check(), confirm.check()];
    if (problems.some(Boolean)) return;

    setSubmitting(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await resetPassword(token, newPassword.value) });
    } catch (failure) {
      setResult({ ok: false, text: errorText(failure, 'Failed to reset password') });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack>
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        )}
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
        <Button type="submit" disabled={submitting || done}>
          {submitting ? 'Resetting...' : 'Reset Password'}
        </Button>
      </Stack>
    </form>
  );
}
