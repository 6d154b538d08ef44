import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Card, Text } from '@mantine/core';
import type { RoomSummary } from '../../../../contract/rooms';

interface RoomCardProps {
  room: RoomSummary;
  /** Runs before the link navigates; returning false keeps the person where they are. */
  onSelect?: (room: RoomSummary) => boolean;
  current?: boolean;
}

/** One room of the list; the whole card links to the room's chat. */
export function RoomCard({ room, onSelect, current = false }: RoomCardProps) {
  const excerpt = room.lastMessageExcerpt?.plainText;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (onSelect && !onSelect(room)) event.preventDefault();
  };

  return (
    <Card
      component={Link}
      to={`/chat/${encodeURIComponent(room.roomId)}`}
      onClick={handleClick}
      aria-current={current ? 'page' : undefined}
      withBorder
      padding="md"
      bg={current ? 'var(--mantine-primary-color-light)' : undefined}
    >
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
