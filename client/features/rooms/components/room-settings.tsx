import { Stack, Title } from '@mantine/core';
import { useRoomSummaryOf } from '../hooks/use-room-summary';
import { DeleteRoomButton } from './delete-room-button';
import { RenameRoomForm } from './rename-room-form';

interface RoomSettingsProps {
  roomId: string;
  currentUserId: string;
  /** The caller made the room: they alone may delete it (administrators have their own page). */
  isOwner: boolean;
  isAdmin: boolean;
}

/**
 * 'Room settings' in the moderation panel: the owner and administrators rename the room, the
 * owner deletes it. Shown once the room's entry gives its name; never in a private
 * conversation, which has no panel.
 */
export function RoomSettings({ roomId, currentUserId, isOwner, isAdmin }: RoomSettingsProps) {
  const summary = useRoomSummaryOf(currentUserId, roomId);
  if ((!isOwner && !isAdmin) || !summary || summary.direct) return null;
  return (
    <Stack gap="xs" mb="md" component="section" aria-labelledby="room-settings-title">
      <Title order={4} size="h5" id="room-settings-title">
        Room settings
      </Title>
      <RenameRoomForm roomId={roomId} name={summary.name} />
      {isOwner && <DeleteRoomButton roomId={roomId} name={summary.name} />}
    </Stack>
  );
}
