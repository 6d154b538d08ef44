import { useMemo } from 'react';
import type { ChatMessage, RoomData } from '../../../../contract/realtime';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';

/** The person's newest message they may still edit: their own, a person's, not deleted. */
export function newestEditable(
  messages: readonly ChatMessage[],
  nickname: string,
): ChatMessage | undefined {
  const mine = nickname.toLowerCase();
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.user.toLowerCase() !== mine) continue;
    if (message.deleted || message.messageType !== 'user' || typeof message.id !== 'number') {
      continue;
    }
    return message;
  }
  return undefined;
}

/**
 * Who '@' can name: the people online and the authors of the messages shown, without the person
 * themselves, once each (whatever the case), in alphabetical order. The members list of the
 * rooms API answers only an owner or an administrator, so the room's own view is what everyone
 * has. A nickname with a space (a moderator's 'Mod🐸 ada') cannot be written as one '@word'.
 */
export function mentionCandidates(
  roomData: RoomData | null,
  messages: readonly ChatMessage[],
  nickname: string,
): string[] {
  const byKey = new Map<string, string>();
  const add = (name: string) => {
    const key = name.toLowerCase();
    if (key !== nickname.toLowerCase() && !/\s/.test(name) && !byKey.has(key)) {
      byKey.set(key, name);
    }
  };
  for (const user of roomData?.users ?? []) add(user.nickname);
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.messageType === 'user') add(message.user);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** What the message form needs of the room: the message Up edits, and who '@' suggests. */
export function useComposerRoom(room: RoomConnection, nickname: string) {
  const newestOwn = useRoomState(room, (state) => newestEditable(state.messages, nickname));
  const roomData = useRoomState(room, (state) => state.roomData);
  const messages = useRoomState(room, (state) => state.messages);
  const members = useMemo(
    () => mentionCandidates(roomData, messages, nickname),
    [roomData, messages, nickname],
  );
  return { newestOwn, members };
}
