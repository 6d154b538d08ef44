import { Menu } from '@mantine/core';
import { IconMessageCircle } from '@tabler/icons-react';
import type { MessageAuthor } from '../../../lib/person-actions';
import { useMessagePrivately } from '../hooks/use-message-privately';

/**
 * 'Message <nickname> privately' in the actions menu of someone's message: the conversation with
 * its author, for anyone who ever spoke in the room, online or not. The server is asked by the
 * message's id, since its nickname may be someone else's by now. The menu closes on the click;
 * the screen changes once the conversation is open, or a red toast says why not.
 */
export function MessagePrivatelyMenuItem(props: MessageAuthor & { fromRoomId: string }) {
  const { offered, start } = useMessagePrivately(props.fromRoomId, props.nickname, props.messageId);
  if (!offered) return null;
  return (
    <Menu.Item leftSection={<IconMessageCircle size={16} aria-hidden />} onClick={start}>
      Message {props.nickname} privately
    </Menu.Item>
  );
}
