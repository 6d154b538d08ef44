import { useState } from 'react';
import { Button, Group, Text } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useGoToJoin } from '../../../lib/session/use-go-to-join';
import { useLeaveRoom } from '../api/leave-room';
import { useRoomSummary } from '../hooks/use-room-summary';
import { showRequestError } from '../../../components/ui/request-error-toast';

export const OWNER_LEAVE_HINT = 'To leave, make another member the owner first.';

/**
 * 'Leave this room', at the foot of the rooms drawer (the chat header has no room on a phone
 * for one more icon), after a dialog that says how to come back. Offered to members only: the
 * owner, who cannot leave, reads instead that they must hand the room over first ('Make
 * owner' in the panel above); nothing in a private conversation (ended by blocking instead),
 * nor before the room's entry says which it is.
 */
export function LeaveRoomButton({ roomId }: { roomId: string }) {
  const summary = useRoomSummary(roomId);
  const [confirming, setConfirming] = useState(false);
  const leave = useLeaveRoom();
  const goToJoin = useGoToJoin();
  if (!summary || summary.direct) return null;
  if (summary.isOwner) {
    return (
      <Text size="sm" c="dimmed">
        {OWNER_LEAVE_HINT}
      </Text>
    );
  }
  const roomName = summary.name;

  const confirm = () =>
    leave.mutate(
      { roomId, notice: `You left ${roomName}.` },
      {
        onSuccess: (_answer, { notice }) => {
          setConfirming(false);
          goToJoin(notice);
        },
        onError: (error) => showRequestError(error, "Couldn't leave the room"),
      },
    );

  return (
    <>
      <Group>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          leftSection={<IconDoorExit size={16} aria-hidden />}
          onClick={() => setConfirming(true)}
        >
          Leave this room
        </Button>
      </Group>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Leave ${roomName}?`}
        confirmLabel="Leave"
        onConfirm={confirm}
        busy={leave.isPending}
      >
        You can come back with an invite link.
      </ConfirmDialog>
    </>
  );
}
