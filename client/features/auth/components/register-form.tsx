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
import { useRegister } from '../api/register';

export function RegisterForm() {
  const navigate = useNavigate();
  const email = useField((value) => firstError(emailSchema, value));
  const password = useField((value) => firstError(newPasswordSchema, value));
  const nickname = useField((value) => firstError(nicknameSchema, value));
  // The one check the fields cannot make alone: the contract wants all three before any shape.
  const [missing, setMissing] = useState(false);
  const register = useRegister();
  const error = missing
    ? messages.registrationFieldsRequired
    : register.isError
      ? errorText(register.error, 'Registration failed')
      : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = [email, password, nickname];
    const problems = fields.map((field) => field.check());
    const someMissing = fields.some((field) => field.value.trim() === '');
    setMissing(someMissing);
    if (someMissing) {
      register.reset();
      return;
    }
    if (problems.some(Boolean)) return;

    register.mutate(
      { email: email.value.trim(), password: password.value, nickname: nickname.value.trim() },
      {
        onSuccess: () => {
          const message = readStored(storageKeys.pendingRoomJoin)
            ? 'Registration successful! Please log in to join the room.'
            : 'Registration successful! Please log in.';
          navigate('/login', { state: { message } });
        },
      },
    );
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
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
        <Button type="submit" disabled={register.isPending}>
          {register.isPending ? 'Registering...' : 'Register'}
        </Button>
        <Text size="sm" ta="center">
          Already have an account?{' '}
          {/* Underlined: in the dark scheme its colour alone is too close to the text around it. */}
          <Anchor component={Link} to="/login" underline="always">
            Login
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
