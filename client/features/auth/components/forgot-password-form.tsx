import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { emailSchema, firstError } from '../../../../contract/validation';
import { useField } from '../../../hooks/use-field';
import { errorText } from '../../../lib/api-client';
import { requestPasswordReset } from '../api/request-password-reset';

export function ForgotPasswordForm() {
  const email = useField((value) => firstError(emailSchema, value));
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (email.check()) return;

    setSubmitting(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await requestPasswordReset(email.value.trim()) });
    } catch (failure) {
      setResult({ ok: false, text: errorText(failure, 'Failed to send reset email') });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack>
        <Text size="sm" c="dimmed">
          Enter the email address of your account and we will send you a link to set a new password.
        </Text>
        {result && (
          <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
            {result.text}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...email.inputProps}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Sending...' : 'Send Reset Link'}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to Login
        </Anchor>
      </Stack>
    </form>
  );
}
