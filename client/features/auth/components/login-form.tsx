import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { currentPasswordSchema, emailSchema, firstError } from '../../../../contract/validation';
import { useField } from '../../../hooks/use-field';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { readStored, storageKeys } from '../../../lib/storage';

/** A message handed over through navigation state, e.g. after registering or deleting. */
function stateMessage(state: unknown): string | null {
  if (state && typeof state === 'object' && 'message' in state) {
    const { message } = state as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return null;
}

export function LoginForm() {
  const { login } = useSession();
  const navigate = useNavigate();
  const notice = stateMessage(useLocation().state);
  const email = useField((value) => firstError(emailSchema, value));
  const password = useField((value) => firstError(currentPasswordSchema, value));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [email.check(), password.check()];
    if (problems.some(Boolean)) return;

    setSubmitting(true);
    setError(null);
    try {
      await login(email.value.trim(), password.value);
      // The spec accepts ?redirect= on /login but gives it no effect: an invitation waiting in
      // storage is the only place a login leads other than home.
      const pendingRoom = readStored(storageKeys.pendingRoomJoin);
      navigate(pendingRoom ? `/auto-join?room=${encodeURIComponent(pendingRoom)}` : '/');
    } catch (failure) {
      setError(errorText(failure, 'Login failed'));
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack>
        {notice && (
          <Alert color="green" role="status">
            {notice}
          </Alert>
        )}
        {error && (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        )}
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          withAsterisk
          {...email.inputProps}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...password.inputProps}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Signing In...' : 'Sign In'}
        </Button>
        <Group justify="space-between">
          <Anchor component={Link} to="/register" size="sm">
            Register
          </Anchor>
          <Anchor component={Link} to="/forgot-password" size="sm">
            Forgot password?
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
