import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { suggestNickname } from '../../../../contract/rooms';
import { firstError, NICKNAME_MAX, nicknameSchema } from '../../../../contract/validation';
import { SubmitButton } from '../../../components/ui/submit-button';

interface NicknameConflictPanelProps {
  /** The server's explanation of the conflict. */
  message: string;
  /** The nickname that was refused; the suggestion adds a '1' to it. */
  nickname: string;
  submitting: boolean;
  onRetry: (nickname: string) => void;
  onCancel: () => void;
}

/**
 * Offers another nickname when the chosen one is taken in the room (spec points 4 and 5):
 * prefilled with a suggestion, validated as it is typed, with a length counter out of 15.
 */
export function NicknameConflictPanel(props: NicknameConflictPanelProps) {
  const { message, nickname, submitting, onRetry, onCancel } = props;
  const [value, setValue] = useState(() => suggestNickname(nickname));
  const problem = firstError(nicknameSchema, value);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!problem) onRetry(value.trim());
  };

  return (
    <Paper withBorder p="md" radius="md" w="100%" ta="left">
      <form onSubmit={handleSubmit} noValidate aria-label="Choose another nickname">
        <Stack>
          <Alert color="yellow" role="alert" title="Nickname already taken">
            {message}
          </Alert>
          <TextInput
            label="New Nickname"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            description={`${value.length}/${NICKNAME_MAX}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={problem}
            aria-invalid={problem ? true : undefined}
            autoComplete="nickname"
            data-autofocus
            autoFocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <SubmitButton
              pending={submitting}
              pendingLabel="Joining..."
              disabled={problem !== null}
            >
              Join with New Nickname
            </SubmitButton>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
