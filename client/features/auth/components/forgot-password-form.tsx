import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema, firstError } from '../../../../contract/validation';
import { useField } from '../../../hooks/use-field';
import { errorText } from '../../../lib/api-client';
import { useRequestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm() {
  const email = useField((value) => firstError(emailSchema, value));
  const request = useRequestPasswordReset();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.check()) return;
    request.mutate(email.value.trim());
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we will send you a link to set a new password.
        </Text>
        {request.isSuccess && (
          <Alert color="green" role="status">
            {request.data}
          </Alert>
        )}
        {request.isError && (
          <Alert color="red" role="alert">
            {errorText(request.error, 'Failed to send reset email')}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...email.inputProps}
        />
        <Button type="submit" disabled={request.isPending}>
          {request.isPending ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to Login
        </Anchor>
      </Stack>
    </form>
  );
}
