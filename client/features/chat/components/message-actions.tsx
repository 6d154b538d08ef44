import { useCallback, useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { ActionIcon, Menu, Popover } from '@mantine/core';
import { useLongPress } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconArrowBackUp,
  IconCopy,
  IconDots,
  IconMoodSmile,
  IconPencil,
  IconTrash,
} from '@tabler/icons-react';
import type { ChatMessage } from '../../../../contract/realtime';
import { excerpt, plainText } from '../composer/plain-text';
import { CopyLinkMenuItem } from '../permalink/copy-link-menu-item';
import { PinMenuItem } from '../pins/pin-menu-item';
import classes from './actions.module.css';
import { AuthorMenuItems } from './author-menu-items';
import { DeleteConfirm } from './delete-confirm';
import { ReactionPicker } from './reaction-picker';

/** How long a finger rests on a message before its menu opens. */
export const LONG_PRESS_MS = 500;
/** How much of the message the button's name quotes. */
const LABEL_EXCERPT = 40;

interface MessageActionsProps {
  message: ChatMessage;
  own: boolean;
  canEdit: boolean;
  canDelete: boolean;
  onReply: () => void;
  onEdit: () => void;
  /**
   * Called once the person has confirmed; the focus is not given back to the button, which goes
   * with the message's content: the caller places it.
   */
  onDelete: () => void;
  onReact: (emoji: string) => void;
  children: ReactNode;
}

/**
 * A message's actions around its content: a button (shown while the message is pointed at,
 * and whenever it has the focus) opens a menu of Reply, 'Message <author> privately' (for
 * someone else's message, where the route offers it), React, Copy text, Copy link (on a room's
 * screen), and Pin, Edit and Delete where allowed. A right-click on the message opens it too
 * (not on a link, nor on selected text, whose menus stay the browser's), and so does a long
 * press on a touch screen. A deleted message, or a passing notice (no stored id), has none.
 */
export function MessageActions(props: MessageActionsProps) {
  const { message, own, canEdit, canDelete, onReply, onEdit, onDelete, onReact, children } = props;
  const [menuOpen, setMenuOpen] = useState(false);
  const [picking, setPicking] = useState(false);
  /** The delete confirm: not in the page until asked for, then open, then fading out. */
  const [confirm, setConfirm] = useState<'open' | 'closing' | null>(null);
  /**
   * The menu gives the focus back to where it was when it opened, a moment after it closes;
   * not once Delete is chosen, where the confirm gives it back to the button (after a
   * right-click, the menu's would land in another field, over the confirm's).
   */
  const [menuReturnsFocus, setMenuReturnsFocus] = useState(true);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** A long press has just opened the menu: the contextmenu that follows it is not the browser's. */
  const pressed = useRef(false);

  const showMenu = useCallback((opened: boolean) => {
    if (opened) setMenuReturnsFocus(true);
    setMenuOpen(opened);
  }, []);
  const openByPress = useCallback(() => {
    pressed.current = true;
    showMenu(true);
  }, [showMenu]);
  const longPress = useLongPress(openByPress, {
    threshold: LONG_PRESS_MS,
    events: ['touch'],
    cancelOnMove: true,
    onStart: () => {
      pressed.current = false;
    },
    // The finger lifting after the menu opened is not a tap on what is under it.
    onFinish: (event) => event.preventDefault(),
  });

  if (message.deleted || typeof message.id !== 'number') return <>{children}</>;

  const onContextMenu = (event: MouseEvent<HTMLDivElement>) => {
    if (!pressed.current) {
      if ((event.target as Element).closest('a')) return;
      const selection = window.getSelection();
      if (selection && !selection.isCollapsed && event.currentTarget.contains(selection.anchorNode))
        return;
    }
    event.preventDefault();
    showMenu(true);
  };

  // The picker gives the focus back to where it was when it opened (the button, then); the
  // delete confirm gives it back to the button itself.
  const focusButton = () => buttonRef.current?.focus({ preventScroll: true });

  const copy = () => {
    const words = plainText(message.text);
    const written = navigator.clipboard?.writeText(words) ?? Promise.reject(new Error('none'));
    written.then(
      () => notifications.show({ message: 'Message text copied' }),
      () => notifications.show({ color: 'red', message: 'Could not copy the text' }),
    );
  };

  const quote = excerpt(message, LABEL_EXCERPT);
  const whose = own ? 'your' : `${message.user}'s`;
  return (
    <div
      className={classes.root}
      data-own={own || undefined}
      onContextMenu={onContextMenu}
      {...longPress}
    >
      {children}
      <Popover
        opened={picking}
        onChange={setPicking}
        position="top"
        shadow="md"
        trapFocus
        returnFocus
        withRoles={false}
      >
        <Popover.Target>
          <span className={classes.anchor}>
            {/* No focus placeholder: a bare element inside role=menu is not a menu item (axe). */}
            <Menu
              opened={menuOpen}
              onChange={showMenu}
              returnFocus={menuReturnsFocus}
              position="bottom"
              shadow="md"
              withInitialFocusPlaceholder={false}
            >
              <Menu.Target>
                <ActionIcon
                  ref={buttonRef}
                  variant="subtle"
                  color="gray"
                  size="sm"
                  radius="xl"
                  aria-label={`Actions for ${whose} message: "${quote}"`}
                  className={classes.trigger}
                  // Where the focus goes once a message before it is deleted.
                  data-message-actions
                >
                  <IconDots size={16} aria-hidden />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item
                  leftSection={<IconArrowBackUp size={16} aria-hidden />}
                  onClick={onReply}
                >
                  Reply
                </Menu.Item>
                {!own && message.messageType === 'user' && (
                  <AuthorMenuItems nickname={message.user} messageId={message.id} />
                )}
                <Menu.Item
                  leftSection={<IconMoodSmile size={16} aria-hidden />}
                  onClick={() => {
                    focusButton();
                    setPicking(true);
                  }}
                >
                  React
                </Menu.Item>
                <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={copy}>
                  Copy text
                </Menu.Item>
                <CopyLinkMenuItem messageId={message.id} />
                <PinMenuItem messageId={message.id} />
                {canEdit && (
                  <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={onEdit}>
                    Edit
                  </Menu.Item>
                )}
                {canDelete && (
                  <Menu.Item
                    className={classes.danger}
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={() => {
                      focusButton();
                      setMenuReturnsFocus(false);
                      setConfirm('open');
                    }}
                  >
                    Delete
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            </Menu>
          </span>
        </Popover.Target>
        <Popover.Dropdown p="xs" role="dialog" aria-label={`React to ${whose} message`}>
          <ReactionPicker
            onReact={(emoji) => {
              setPicking(false);
              onReact(emoji);
            }}
          />
        </Popover.Dropdown>
      </Popover>
      {confirm && (
        <DeleteConfirm
          quote={quote}
          opened={confirm === 'open'}
          // Its buttons stay clickable while it fades out: only the first answer counts (a
          // double click on Delete asked for a second deletion, which the room refused).
          onCancel={() => {
            if (confirm !== 'open') return;
            setConfirm('closing');
            focusButton();
          }}
          onConfirm={() => {
            if (confirm !== 'open') return;
            // No focus back to the button, which goes with the content: the caller places it.
            setConfirm('closing');
            onDelete();
          }}
          // Out of the page once faded out, unless asked for again meanwhile.
          onGone={() => setConfirm((state) => (state === 'closing' ? null : state))}
        />
      )}
    </div>
  );
}
