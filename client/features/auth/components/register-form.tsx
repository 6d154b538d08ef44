import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Anchor, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import {
  emailSchema,
  firstError,
  messages,
  newPasswordSchema,
  nicknameSchema,
} from '../../../../contract/validation';
import { FormError } from '../../../components/ui/form-alerts';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useField } from '../../../hooks/use-field';
import { errorText } from '../../../lib/api-client';
import { readPendingInvitation } from '../../../lib/pending-invitation';
import { useRegister } from '../api/register';
import { EmailField } from './email-field';

export function RegisterForm() {
  const navigate = useNavigate();
  const email = useField((value) => firstError(emailSchema, value));
  const password = useField((value) => firstError(newPasswordSchema, value));
  const nickname = useField((value) => firstError(nicknameSchema, value));
  // The one check the fields cannot make alone: the contract wants all three before any shape.
  // Said after a submit that lacked one, and only while one is still empty: it goes once they
  // are all filled in, as the fields' own messages go once they are right.
  const [submittedMissing, setSubmittedMissing] = useState(false);
  const someEmpty = [email, password, nickname].some((field) => field.value.trim() === '');
  const missing = submittedMissing && someEmpty;
  const register = useRegister();
  const error = missing
    ? messages.registrationFieldsRequired
    : register.isError
      ? errorText(register.error, 'Registration failed')
      : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const problems = [email, password, nickname].map((field) => field.check());
    setSubmittedMissing(someEmpty);
    if (someEmpty) {
      register.reset();
      return;
    }
    if (problems.some(Boolean)) return;

    register.mutate(
      { email: email.value.trim(), password: password.value, nickname: nickname.value.trim() },
      {
        onSuccess: () => {
          const message = readPendingInvitation()
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
        <FormError message={error} />
        <EmailField {...email.inputProps} />
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
        <SubmitButton pending={register.isPending} pendingLabel="Registering...">
          Register
        </SubmitButton>
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
