import { Menu } from '@mantine/core';
import { IconPin, IconPinnedOff } from '@tabler/icons-react';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';
import { showErrorToast } from '../utils/show-system-notice';
import { usePinRoom } from './pins-context';

/** 'Pin' or 'Unpin' in a message's actions menu, for those who may (pins-context.ts). */
export function PinMenuItem({ messageId }: { messageId: number }) {
  const room = usePinRoom();
  return room ? <PinToggle room={room} messageId={messageId} /> : null;
}

function PinToggle({ room, messageId }: { room: RoomConnection; messageId: number }) {
  const pinned = useRoomState(room, (state) => state.pins.some((pin) => pin.id === messageId));
  const toggle = () =>
    void room.pin(messageId, !pinned).then((result) => {
      // Refused (too many pins, deleted meanwhile): the words say why.
      if (!result.ok) showErrorToast(result.error);
    });
  const Icon = pinned ? IconPinnedOff : IconPin;
  return (
    <Menu.Item leftSection={<Icon size={16} aria-hidden />} onClick={toggle}>
      {pinned ? 'Unpin' : 'Pin'}
    </Menu.Item>
  );
}
