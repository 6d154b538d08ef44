import { Menu } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink } from '@tabler/icons-react';
import { messageLink } from '../../../lib/message-url';
import { useLinkRoomId } from './room-link-context';

export const LINK_COPIED = 'Link copied.';
export const LINK_NOT_COPIED = "Couldn't copy the link.";

/** 'Copy link' in a stored message's actions menu: the address that opens the room there. */
export function CopyLinkMenuItem({ messageId }: { messageId: number }) {
  const roomId = useLinkRoomId();
  if (roomId === null) return null;
  const copy = async () => {
    try {
      // No Clipboard API (an insecure origin, an old browser) fails here like a refusal.
      await navigator.clipboard.writeText(messageLink(roomId, messageId));
    } catch {
      notifications.show({ color: 'red', message: LINK_NOT_COPIED });
      return;
    }
    notifications.show({ message: LINK_COPIED });
  };
  return (
    <Menu.Item leftSection={<IconLink size={16} aria-hidden />} onClick={() => void copy()}>
      Copy link
    </Menu.Item>
  );
}
