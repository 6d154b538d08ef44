import { Text } from '@mantine/core';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';
import { typingText } from '../utils/typing-text';

/**
 * "<nickname> is typing…" above the message box. Always in the page (empty when nobody
 * types), so screen readers hear it politely as it changes, and with its height kept, so the
 * box does not jump.
 */
export function TypingLine({ typists }: { typists: readonly string[] }) {
  return (
    <Text aria-live="polite" size="xs" c="dimmed" h={18} lh="18px" truncate="end" mb={2}>
      {typingText(typists)}
    </Text>
  );
}

/** The room's typing line: only it renders again as people start and stop typing. */
export function RoomTypingLine({ room }: { room: RoomConnection }) {
  return <TypingLine typists={useRoomState(room, (state) => state.typists)} />;
}
