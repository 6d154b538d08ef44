import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useNavigate } from 'react-router';
import { Badge, Group, Modal, Text, TextInput } from '@mantine/core';
import { useHotkeys } from '@mantine/hooks';
import type { RoomSummary } from '../../../../contract/rooms';
import { PrivateMark } from '../../../components/ui/private-mark';
import { useSession } from '../../../lib/session/use-session';
import { unreadLabel } from '../../../lib/unread/read-marks';
import { useRooms } from '../api/get-rooms';
import { useSelectRoom } from '../hooks/use-select-room';
import classes from './room-switcher.module.css';

/** The most rooms the switcher lists at once: typing narrows the rest down. */
export const SWITCHER_SHOWN_MAX = 50;

/** Marks the one dialog the switcher may open over: the chat's rooms drawer (rooms-drawer.tsx). */
export const SWITCHER_OPENS_OVER = { 'data-switcher-opens-over': true } as const;

/**
 * Whether a dialog other than the rooms drawer is open (help, search, share, pins, a confirm).
 * Ctrl+K does nothing then, rather than stacking the switcher on top: both would trap the
 * focus and both close on one Escape, and Mantine's Modal stack only covers modals opened
 * through it. Asked of the page, not of React state: those dialogs live in other features.
 */
function anotherDialogOpen(): boolean {
  return [...document.querySelectorAll('[role="dialog"]')].some(
    (dialog) => !dialog.closest('[data-switcher-opens-over]'),
  );
}

/** Letters without their accents, in lower case: 'Café' is found by 'cafe'. */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The person's other rooms whose name holds what was typed, in the room list's order (unread
 * first, then the most recently active), at most SWITCHER_SHOWN_MAX.
 */
export function matchingRooms(rooms: readonly RoomSummary[], typed: string, currentRoomId: string) {
  const wanted = folded(typed.trim());
  return rooms
    .filter((room) => room.roomId !== currentRoomId && folded(room.name).includes(wanted))
    .slice(0, SWITCHER_SHOWN_MAX);
}

/**
 * Ctrl+K (⌘K on a Mac) on the chat screen, even while typing a message: a dialog to go to
 * another room by typing part of its name, with the arrows and Enter or a click. The chat route
 * composes it in beside the chat (features do not import each other).
 */
export function RoomSwitcherShortcut({ currentRoomId }: { currentRoomId: string }) {
  const [opened, setOpened] = useState(false);
  // No tags ignored: the shortcut works from the message box too.
  const open = () => {
    if (!anotherDialogOpen()) setOpened(true);
  };
  useHotkeys([['mod+K', open]], []);
  return (
    <Modal
      opened={opened}
      onClose={() => setOpened(false)}
      title="Go to a room"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {/* Rendered only while open: the rooms are read when the dialog opens. */}
      <SwitcherBody currentRoomId={currentRoomId} onClose={() => setOpened(false)} />
    </Modal>
  );
}

function SwitcherBody({ currentRoomId, onClose }: { currentRoomId: string; onClose: () => void }) {
  const { user } = useSession();
  const { query } = useRooms(user?.id);
  const navigate = useNavigate();
  const { select, error } = useSelectRoom(onClose);
  const [typed, setTyped] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const rooms = useMemo(
    () => matchingRooms(query.data ?? [], typed, currentRoomId),
    [query.data, typed, currentRoomId],
  );
  const shown = Math.min(active, rooms.length - 1);
  const optionId = (index: number) => `${listId}-${index}`;

  const go = (room: RoomSummary | undefined) => {
    if (room && select(room)) void navigate(`/chat/${encodeURIComponent(room.roomId)}`);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // While an input method composes a character, Enter confirms it rather than going.
    if (rooms.length === 0 || event.nativeEvent.isComposing) return;
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      setActive((shown + step + rooms.length) % rooms.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      go(rooms[shown]);
    }
  };

  return (
    <>
      <TextInput
        data-autofocus
        label="Room name"
        placeholder="Type part of a room's name"
        value={typed}
        onChange={(event) => {
          setTyped(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={rooms.length > 0}
        aria-controls={listId}
        aria-activedescendant={rooms.length > 0 ? optionId(shown) : undefined}
        autoComplete="off"
        mb="sm"
      />
      {query.isPending && <Text role="status">Loading rooms...</Text>}
      {error && (
        <Text role="alert" c="red.9">
          {error}
        </Text>
      )}
      {query.isSuccess && rooms.length === 0 && (
        <Text c="dimmed" role="status">
          {typed.trim() ? 'No room matches that name.' : 'You have no other rooms yet.'}
        </Text>
      )}
      <ul id={listId} role="listbox" aria-label="Rooms" className={classes.list}>
        {rooms.map((room, index) => (
          // The input keeps the focus (its arrows and Enter); a click or a tap goes there too.
          <li
            key={room.roomId}
            id={optionId(index)}
            role="option"
            aria-selected={index === shown}
            className={classes.option}
            onClick={() => go(room)}
            onMouseMove={() => setActive(index)}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text truncate>
                {room.direct && <PrivateMark />}
                {room.name || 'Untitled Room'}
              </Text>
              {(room.unreadCount ?? 0) > 0 && (
                <Badge variant="light" aria-label={`${room.unreadCount} unread`}>
                  {unreadLabel(room.unreadCount ?? 0)}
                </Badge>
              )}
            </Group>
          </li>
        ))}
      </ul>
    </>
  );
}
