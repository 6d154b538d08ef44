import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Group, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorText } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';
import { useDeleteRoom } from '../api/delete-room';

/**
 * 'Delete this room', the owner's, behind a dialog that says what goes with it. Then /join,
 * as when a room someone is in is deleted.
 */
export function DeleteRoomButton({ roomId, name }: { roomId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRoom();
  const { forgetRoom } = useSession();
  const navigate = useNavigate();

  const confirm = () =>
    remove.mutate(
      { roomId, notice: `You deleted ${name}.` },
      {
        onSuccess: (_answer, { notice }) => {
          setConfirming(false);
          // The stored room would send the next visit back to a room that is gone.
          forgetRoom();
          void navigate('/join', { replace: true, state: { notice } });
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: errorText(error, "Couldn't delete the room"),
          }),
      },
    );

  return (
    <>
      <Group>
        <Button variant="light" color="red" size="xs" onClick={() => setConfirming(true)}>
          Delete this room
        </Button>
      </Group>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${name} for everyone?`}
        closeButtonProps={{ 'aria-label': 'Close' }}
        centered
        size="sm"
      >
        <Text size="sm">Its messages and files will be gone for good.</Text>
        <Group justify="flex-end" gap="xs" mt="md">
          <Button variant="default" onClick={() => setConfirming(false)} data-autofocus>
            Cancel
          </Button>
          <BusyButton color="red" busy={remove.isPending} loader onClick={confirm}>
            Delete
          </BusyButton>
        </Group>
      </Modal>
    </>
  );
}
