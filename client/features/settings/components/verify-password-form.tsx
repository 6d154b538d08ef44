import { useState, type FormEvent } from 'react';
import { Alert, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { currentPasswordSchema, firstError } from '../../../../contract/validation';
import { useField } from '../../../hooks/use-field';
import { errorText } from '../../../lib/api-client';
import { verifyPassword } from '../api/verify-password';

/** Step 1: the account's settings open only after the current password is confirmed. */
export function VerifyPasswordForm({ onVerified }: { onVerified: (password: string) => void }) {
  const password = useField((value) => firstError(currentPasswordSchema, value));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.check()) return;

    setSubmitting(true);
    setError(null);
    try {
      await verifyPassword(password.value);
      onVerified(password.value);
    } catch (failure) {
      setError(errorText(failure, 'Error verifying password'));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          For your security, enter your current password to continue.
        </Text>
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          withAsterisk
          {...password.inputProps}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Verifying...' : 'Continue to Settings'}
        </Button>
      </Stack>
    </form>
  );
}
