import { useState } from 'react';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDotsVertical, IconUserOff } from '@tabler/icons-react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { useGoToJoin } from '../../../lib/session/use-go-to-join';
import { useBlockInConversation } from '../api/direct-messages';
import classes from './direct.module.css';
import { showRequestError } from '../../../components/ui/request-error-toast';

interface ConversationMenuProps {
  roomId: string;
  /** The other person, as the conversation is named. */
  otherName: string;
}

/**
 * A private conversation's menu in the chat header, where a room has its share menu (a
 * conversation has no invite link): Block, after a dialog that says what it does.
 */
export function ConversationMenu({ roomId, otherName }: ConversationMenuProps) {
  const [confirming, setConfirming] = useState(false);
  const block = useBlockInConversation();
  const goToJoin = useGoToJoin();

  const notice = `You blocked ${otherName}. Your conversation has ended.`;
  const confirm = () =>
    block.mutate(
      { roomId, notice },
      {
        onSuccess: () => {
          setConfirming(false);
          goToJoin(notice);
        },
        onError: (error) => showRequestError(error, "Couldn't block"),
      },
    );

  return (
    <>
      {/* No focus placeholder: a bare element inside role=menu is not a menu item (axe). */}
      <Menu position="bottom-end" shadow="md" withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <ActionIcon variant="subtle" size="lg" aria-label="Conversation options">
            <IconDotsVertical size={22} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item
            className={classes.danger}
            leftSection={<IconUserOff size={16} aria-hidden />}
            onClick={() => setConfirming(true)}
          >
            Block {otherName}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={`Block ${otherName}?`}
        confirmLabel="Block"
        onConfirm={confirm}
        busy={block.isPending}
        danger
      >
        This ends your private conversation for both of you: its messages and files are deleted and
        neither of you can open it again. Neither of you can message the other privately until you
        unblock {otherName} in Settings. You still share your other rooms.
      </ConfirmDialog>
    </>
  );
}
