import { useState, type FormEvent } from 'react';
import { Stack, Text, TextInput, Title } from '@mantine/core';
import { FormSuccess, RequestError } from '../../../components/ui/form-alerts';
import { SubmitButton } from '../../../components/ui/submit-button';
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
        Your email is only used for account notifications, such as password resets. A change takes
        effect once you open the link we send to the new address.
      </Text>
      <form onSubmit={handleSubmit}>
        <Stack>
          <FormSuccess
            message={update.isSuccess ? update.data.message || 'Email updated successfully' : null}
          />
          <RequestError request={update} fallback="Error updating email" />
          <TextInput
            label="New Email"
            type="email"
            autoComplete="email"
            required
            // The form appears as step 1's goes, focus and all: the focus moves on to it rather
            // than falling back to the page's start.
            autoFocus
            value={newEmail}
            onChange={(event) => setNewEmail(event.currentTarget.value)}
          />
          <SubmitButton pending={update.isPending} pendingLabel="Updating...">
            Update Email
          </SubmitButton>
        </Stack>
      </form>
    </section>
  );
}
