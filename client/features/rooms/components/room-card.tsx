import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { Badge, Card, Group, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import type { RoomSummary } from '../../../../contract/rooms';
import { PrivateMark } from '../../../components/ui/private-mark';
import { unreadLabel } from '../../../lib/unread/read-marks';

interface RoomCardProps {
  room: RoomSummary;
  /** Runs before the link navigates; returning false keeps the person where they are. */
  onSelect?: (room: RoomSummary) => boolean;
  current?: boolean;
}

/** One room of the list; the whole card links to the room's chat. */
export function RoomCard({ room, onSelect, current = false }: RoomCardProps) {
  const excerpt = room.lastMessageExcerpt?.plainText;
  const unread = room.unreadCount ?? 0;

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
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text fw={600} size="lg" component="h3" style={{ wordBreak: 'break-word' }}>
          {/* A private conversation, named after the other person: a person mark before it. */}
          {room.direct && <PrivateMark />}
          {room.name || 'Untitled Room'}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          {/* Muted ('Off'). 'Mentions' has no mark: every big room has it by default. */}
          {room.notificationLevel === 'off' && (
            <Text component="span" c="dimmed" role="img" aria-label="Muted" title="Muted" lh={0}>
              <IconBellOff size={18} aria-hidden />
            </Text>
          )}
          {room.unreadMentions && (
            <Badge
              variant="filled"
              color="red.9"
              circle
              role="img"
              aria-label="Unread mentions"
              title="Unread mentions"
            >
              @
            </Badge>
          )}
          {unread > 0 && (
            <Badge
              variant="filled"
              // red.9: white on it passes WCAG AA for small text (Mantine's red.6 does not).
              color="red.9"
              circle={unread < 10}
              data-testid="unread-badge"
              title={`${unread} unread ${unread === 1 ? 'message' : 'messages'}`}
            >
              {unreadLabel(unread)}
            </Badge>
          )}
        </Group>
      </Group>
      <Text size="sm" c={excerpt ? undefined : 'dimmed'} lineClamp={2} mt={4}>
        {excerpt || 'No messages yet'}
      </Text>
      <Text size="xs" c="dimmed" mt="sm">
        {room.activeNickname ? `Joined as: ${room.activeNickname}` : 'No nickname yet'}
      </Text>
    </Card>
  );
}
