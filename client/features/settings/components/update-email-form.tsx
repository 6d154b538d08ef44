import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { updateEmail } from '../api/update-email';

/**
 * The spec asks for the browser's own email check here (type=email, required), so this form
 * keeps native validation on; the server still applies the contract's rule.
 */
export function UpdateEmailForm({ currentPassword }: { currentPassword: string }) {
  const { setUser } = useSession();
  const [newEmail, setNewEmail] = useState('');
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitting(true);
    setResult(null);
    try {
      const response = await updateEmail(currentPassword, newEmail.trim());
      setUser(response.user);
      setNewEmail('');
      setResult({ ok: true, text: response.message || 'Email updated successfully' });
    } catch (failure) {
      setResult({ ok: false, text: errorText(failure, 'Error updating email') });
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section aria-labelledby="update-email-title">
      <Title order={2} size="h3" id="update-email-title" mb="xs">
        Update Email
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Your email is only used for account notifications, such as password resets.
      </Text>
      <form onSubmit={(event) => void handleSubmit(event)}>
        <Stack>
          {result && (
            <Alert color={result.ok ? 'green' : 'red'} role={result.ok ? 'status' : 'alert'}>
              {result.text}
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
          <Button type="submit" disabled={submitting}>
            {submitting ? 'Updating...' : 'Update Email'}
          </Button>
        </Stack>
      </form>
    </section>
  );
}
