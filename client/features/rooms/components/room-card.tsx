import { Link } from 'react-router';
import { Card, Text } from '@mantine/core';
import type { RoomSummary } from '../../../../contract/rooms';

/** One room of the list; the whole card links to the room's chat. */
export function RoomCard({ room }: { room: RoomSummary }) {
  const excerpt = room.lastMessageExcerpt?.plainText;

  return (
    <Card component={Link} to={`/chat/${encodeURIComponent(room.roomId)}`} withBorder padding="md">
      <Text fw={600} size="lg" component="h3">
        {room.name || 'Untitled Room'}
      </Text>
      <Text size="sm" c={excerpt ? undefined : 'dimmed'} lineClamp={2} mt={4}>
        {excerpt || 'No messages yet'}
      </Text>
      <Text size="xs" c="dimmed" mt="sm">
        {room.activeNickname ? `Joined as: ${room.activeNickname}` : 'No nickname yet'}
      </Text>
    </Card>
  );
}
