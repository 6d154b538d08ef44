import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useGoToJoin } from '../../../lib/session/use-go-to-join';
import { useDeleteRoom } from '../api/delete-room';
import { showRequestError } from '../../../components/ui/request-error-toast';

/**
 * 'Delete this room', the owner's, behind a dialog that says what goes with it. Then /join,
 * as when a room someone is in is deleted.
 */
export function DeleteRoomButton({ roomId, name }: { roomId: string; name: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteRoom();
  const goToJoin = useGoToJoin();

  const confirm = () =>
    remove.mutate(
      { roomId, notice: `You deleted ${name}.` },
      {
        onSuccess: (_answer, { notice }) => {
          setConfirming(false);
          goToJoin(notice);
        },
        onError: (error) => showRequestError(error, "Couldn't delete the room"),
      },
    );

  return (
    <>
      <Group>
        <Button variant="light" color="red" size="xs" onClick={() => setConfirming(true)}>
          Delete this room
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Delete ${name} for everyone?`}
        confirmLabel="Delete"
        onConfirm={confirm}
        busy={remove.isPending}
        danger
      >
        Its messages and files will be gone for good.
      </ConfirmDialog>
    </>
  );
}
