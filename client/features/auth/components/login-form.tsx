import { useEffect, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Anchor, Group, PasswordInput, Stack } from '@mantine/core';
import { currentPasswordSchema, emailSchema, firstError } from '../../../../contract/validation';
import { FormSuccess, RequestError } from '../../../components/ui/form-alerts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useField } from '../../../hooks/use-field';
import { useSession } from '../../../lib/session/use-session';
import { takeSignInDestination } from '../../../lib/sign-in-destination';
import { useLogin } from '../api/login';
import { EmailField } from './email-field';

/** A message handed over through navigation state, e.g. after registering or deleting. */
function stateMessage(state: unknown): string | null {
  if (state && typeof state === 'object' && 'message' in state) {
    const { message } = state as { message: unknown };
    if (typeof message === 'string') return message;
  }
  return null;
}

export function LoginForm() {
  const navigate = useNavigate();
  const notice = stateMessage(useLocation().state);
  const email = useField((value) => firstError(emailSchema, value));
  const password = useField((value) => firstError(currentPasswordSchema, value));
  const login = useLogin();
  const { user } = useSession();
  // Where the login leads, decided once as it succeeds: a kept chat link is taken then.
  const [destination, setDestination] = useState<string | null>(null);

  // Leaves once the session shows the new user: the cache tells its readers a moment after the
  // login answers, and a guarded page reached before that would send the person back here.
  useEffect(() => {
    if (destination !== null && user) navigate(destination);
  }, [destination, user, navigate]);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [email.check(), password.check()];
    if (problems.some(Boolean)) return;
    login.mutate(
      { email: email.value.trim(), password: password.value },
      {
        // The spec accepts ?redirect= on /login but gives it no effect: the chat or the
        // invitation this tab's sign-in was for are the only places a login leads other than
        // home. The chat does what its link does signed in; the invitation's prompt still asks.
        onSuccess: () => setDestination(takeSignInDestination()),
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack>
        <FormSuccess message={notice} />
        <RequestError request={login} fallback="Login failed" />
        <EmailField {...email.inputProps} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          {...password.inputProps}
        />
        <SubmitButton pending={login.isPending} pendingLabel="Signing In...">
          Sign In
        </SubmitButton>
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
