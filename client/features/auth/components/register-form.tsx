import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  emailSchema,
  firstError,
  messages,
  newPasswordSchema,
  nicknameSchema,
} from '../../../../contract/validation';
import { useField } from '../../../hooks/use-field';
import { errorText } from '../../../lib/api-client';
import { readStored, storageKeys } from '../../../lib/storage';
import { register } from '../api/register';

export function RegisterForm() {
  const navigate = useNavigate();
  const email = useField((value) => firstError(emailSchema, value));
  const password = useField((value) => firstError(newPasswordSchema, value));
  const nickname = useField((value) => firstError(nicknameSchema, value));
  const [error, setError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = [email, password, nickname];
    const problems = fields.map((field) => field.check());
    // The contract checks presence before shape, so the form does the same.
    if (fields.some((field) => field.value.trim() === '')) {
      setError(messages.registrationFieldsRequired);
      return;
    }
    setError(null);
    if (problems.some(Boolean)) return;

    setSubmitting(true);
    try {
      await register({
        email: email.value.trim(),
        password: password.value,
        nickname: nickname.value.trim(),
      });
      const message = readStored(storageKeys.pendingRoomJoin)
        ? 'Registration successful! Please log in to join the room.'
        : 'Registration successful! Please log in.';
      navigate('/login', { state: { message } });
    } catch (failure) {
      setError(errorText(failure, 'Registration failed'));
      setSubmitting(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} noValidate>
      <Stack>
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
          autoComplete="new-password"
          withAsterisk
          {...password.inputProps}
        />
        <TextInput
          label="Nickname"
          autoComplete="nickname"
          description={messages.nicknameHint}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          {...nickname.inputProps}
        />
        <Button type="submit" disabled={submitting}>
          {submitting ? 'Registering...' : 'Register'}
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          <Anchor component={Link} to="/login">
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
