import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useUpdateEmail } from '../api/update-email';

/**
 * The spec asks for the browser's own email check here (type=email, required), so this form
 * keeps native validation on; the server still applies the contract's rule.
 */
export function UpdateEmailForm({ currentPassword }: { currentPassword: string }) {
  const [newEmail, setNewEmail] = useState('');
  const update = useUpdateEmail();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(
      { currentPassword, newEmail: newEmail.trim() },
      { onSuccess: () => setNewEmail('') },
    );
  };

  return (
    <section aria-labelledby="update-email-title">
      <Title order={2} size="h3" id="update-email-title" mb="xs">
        Update Email
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your email is only used for account notifications, such as password resets.
      </Text>
      <form onSubmit={handleSubmit}>
        <Stack>
          {update.isSuccess && (
            <Alert color="green" role="status">
              {update.data.message || 'Email updated successfully'}
            </Alert>
          )}
          {update.isError && (
            <Alert color="red" role="alert">
              {errorText(update.error, 'Error updating email')}
            </Alert>
          )}
          <TextInput
            label="New Email"
            type="email"
            autoComplete="email"
            required
            value={newEmail}
            onChange={(event) => setNewEmail(event.currentTarget.value)}
          />
          <Button type="submit" disabled={update.isPending}>
            {update.isPending ? 'Updating...' : 'Update Email'}
          </Button>
        </Stack>
      </form>
    </section>
  );
}
