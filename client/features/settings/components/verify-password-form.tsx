import type { FormEvent } from 'react';
import { PasswordInput, Stack, Text } from '@mantine/core';
import { currentPasswordSchema, firstError } from '../../../../contract/validation';
import { RequestError } from '../../../components/ui/form-alerts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useField } from '../../../hooks/use-field';
import { useVerifyPassword } from '../api/verify-password';

/** Step 1: the account's settings open only after the current password is confirmed. */
export function VerifyPasswordForm({ onVerified }: { onVerified: (password: string) => void }) {
  const password = useField((value) => firstError(currentPasswordSchema, value));
  const verify = useVerifyPassword();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (password.check()) return;
    const value = password.value;
    verify.mutate(value, { onSuccess: () => onVerified(value) });
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          For your security, enter your current password to continue.
        </Text>
        <RequestError request={verify} fallback="Error verifying password" />
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          withAsterisk
          {...password.inputProps}
        />
        <SubmitButton pending={verify.isPending} pendingLabel="Verifying...">
          Continue to Settings
        </SubmitButton>
      </Stack>
    </form>
  );
}
