import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useMakeOwner } from '../api/make-owner';
import { useRoomSummary } from '../hooks/use-room-summary';
import { showRequestError } from '../../../components/ui/request-error-toast';

interface MakeOwnerButtonProps {
  roomId: string;
  userId: string;
  nickname: string;
  /** An administrator hands over a room that is not theirs: the dialog says so. */
  isAdmin: boolean;
}

/**
 * 'Make owner' on a member's row of the moderation panel, after a dialog: the owner gives up
 * removing people and managing invite links, which the new owner takes.
 */
export function MakeOwnerButton({ roomId, userId, nickname, isAdmin }: MakeOwnerButtonProps) {
  const [confirming, setConfirming] = useState(false);
  const handOver = useMakeOwner();

  const confirm = () =>
    handOver.mutate(
      { roomId, userId },
      {
        onSuccess: (answer) => {
          setConfirming(false);
          notifications.show({ color: 'green', message: answer.message });
        },
        onError: (error) => showRequestError(error, "Couldn't change the room's owner"),
      },
    );

  return (
    <>
      <Button
        size="xs"
        variant="light"
        aria-label={`Make ${nickname} the owner`}
        onClick={() => setConfirming(true)}
      >
        Make owner
      </Button>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Make ${nickname} the owner?`}
        confirmLabel="Make owner"
        onConfirm={confirm}
        busy={handOver.isPending}
      >
        <Question roomId={roomId} nickname={nickname} isAdmin={isAdmin} />
      </ConfirmDialog>
    </>
  );
}

/** The dialog's question, naming the room (read only once the dialog opens). */
function Question({ roomId, nickname, isAdmin }: Omit<MakeOwnerButtonProps, 'userId'>) {
  const roomName = useRoomSummary(roomId)?.name ?? 'this room';
  const consequence = isAdmin
    ? 'They will be able to remove people and manage invite links.'
    : 'You will no longer be able to remove people or manage invite links.';
  return `Make ${nickname} the owner of ${roomName}? ${consequence}`;
}
