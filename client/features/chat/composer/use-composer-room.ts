import { useMemo, useState } from 'react';
import type { ChatMessage, RoomData } from '../../../../contract/realtime';
import { useNicknamesStartingWith, useRoomNicknames } from '../api/get-nicknames';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';
import { isOwnMessage } from '../utils/own-message';

/** The person's newest message they may still edit: their own, a person's, not deleted. */
export function newestEditable(
  messages: readonly ChatMessage[],
  nickname: string,
): ChatMessage | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (!isOwnMessage(message, nickname)) continue;
    if (message.deleted || message.messageType !== 'user' || typeof message.id !== 'number') {
      continue;
    }
    return message;
  }
  return undefined;
}

/**
 * Who '@' can name: the room's members (GET /api/rooms/:roomId/nicknames), the people online and
 * the authors of the messages shown, without the person themselves, once each (whatever the
 * case), in alphabetical order. A nickname with a space (a moderator's 'Mod🐸 ada') cannot be
 * written as one '@word'.
 */
export function mentionCandidates(
  roomData: RoomData | null,
  messages: readonly ChatMessage[],
  nickname: string,
  members: readonly string[] = [],
): string[] {
  const byKey = new Map<string, string>();
  const add = (name: string) => {
    const key = name.toLowerCase();
    if (key !== nickname.toLowerCase() && !/\s/.test(name) && !byKey.has(key)) {
      byKey.set(key, name);
    }
  };
  for (const user of roomData?.users ?? []) add(user.nickname);
  for (const member of members) add(member);
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!;
    if (message.messageType === 'user') add(message.user);
  }
  return [...byKey.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/**
 * What the message form needs of the room: the message Up edits, and who '@' suggests. In a
 * room too big for one answer of the nicknames, what follows the '@' (the form reports it with
 * `onMentionPrefix`) is also asked of the server, so a member past the first page is found.
 * The members' nicknames are asked once `joinedOnce` (use-joined-once.ts).
 */
export function useComposerRoom(
  room: RoomConnection,
  nickname: string,
  roomId: string,
  joinedOnce: boolean,
) {
  const newestOwn = useRoomState(room, (state) => newestEditable(state.messages, nickname));
  const roomData = useRoomState(room, (state) => state.roomData);
  const messages = useRoomState(room, (state) => state.messages);
  const [mentionPrefix, onMentionPrefix] = useState<string | null>(null);
  const known = useRoomNicknames(roomId, joinedOnce);
  const found = useNicknamesStartingWith(roomId, known.cut ? mentionPrefix : null);
  const members = useMemo(
    () => mentionCandidates(roomData, messages, nickname, [...known.nicknames, ...found]),
    [roomData, messages, nickname, known.nicknames, found],
  );
  return { newestOwn, members, onMentionPrefix };
}
