import { useState, type FormEvent } from 'react';
import { Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { renameRoomBody, roomSettingsMessages } from '../../../../contract/room-settings';
import { ROOM_NAME_MAX } from '../../../../contract/rooms';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorText } from '../../../lib/api-client';
import { useRenameRoom } from '../api/rename-room';

/**
 * 'Room name' and Save: the rules and words of a new room's name (contract/room-settings.ts),
 * checked here first and again by the server.
 */
export function RenameRoomForm({ roomId, name }: { roomId: string; name: string }) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameRoom();
  // A name changed elsewhere (another tab) shows in the field. Followed here rather than by
  // keying the form with the name: remounted, the field and Save dropped the focus to the
  // page's start each time the room list brought back the name just saved.
  const [shownName, setShownName] = useState(name);
  if (name !== shownName) {
    setShownName(name);
    setValue(name);
    setError(null);
  }

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = renameRoomBody.safeParse({ name: value });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message ?? null);
      return;
    }
    rename.mutate(
      { roomId, name: checked.data.name },
      {
        onSuccess: (answer) => {
          setValue(answer.name);
          notifications.show({ color: 'green', message: roomSettingsMessages.renamed });
        },
        onError: (failure) => setError(errorText(failure, "Couldn't rename the room")),
      },
    );
  };

  return (
    <form onSubmit={save} noValidate>
      <Group align="flex-end" wrap="nowrap" gap="xs">
        <TextInput
          label="Room name"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setError(null);
          }}
          error={error}
          aria-invalid={error ? true : undefined}
          maxLength={ROOM_NAME_MAX}
          style={{ flex: 1 }}
        />
        <BusyButton type="submit" busy={rename.isPending} loader>
          Save
        </BusyButton>
      </Group>
    </form>
  );
}
