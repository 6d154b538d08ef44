import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { Anchor, Stack, Text } from '@mantine/core';
import { emailSchema, firstError } from '../../../../contract/validation';
import { FormSuccess, RequestError } from '../../../components/ui/form-alerts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useField } from '../../../hooks/use-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { EmailField } from './email-field';

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
        <FormSuccess message={request.data} />
        <RequestError request={request} fallback="Failed to send reset email" />
        <EmailField {...email.inputProps} />
        <SubmitButton pending={request.isPending} pendingLabel="Sending...">
          Send Reset Link
        </SubmitButton>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Back to Login
        </Anchor>
      </Stack>
    </form>
  );
}
