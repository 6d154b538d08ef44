/**
 * What the worker tells a whole room (ChatRoom's RPCs of the same names): a rename, a
 * hand-over and an administrator's broadcast, each heard by every joined chat.
 */
import { CHAT_MODERATOR } from '../../../contract/rooms';
import { newOwnerNotice } from '../../../contract/room-owner';
import type { MessageType, RoomChange } from '../../../contract/realtime';
import { moderatorNotice, notice } from '../messages/notice';
import { JOINED, type RoomSockets } from '../sockets/socket-state';
import { CallReceipts } from './call-receipts';
import type { RoomParts } from './room-parts';
import { RoomRename } from './room-rename';

/**
 * Hand-overs told, by id: a repeat comes within a second (retry-transient.ts), or within about
 * 18 minutes from the room-calls queue; a room changes hands at most 10 times an hour.
 */
const HAND_OVERS_KEPT = 20;

export class RoomWideCalls {
  private readonly rename: RoomRename;
  private readonly broadcastReceipts: CallReceipts;
  private readonly handOversTold: CallReceipts;

  constructor(
    private readonly parts: RoomParts,
    private readonly sockets: RoomSockets,
    kv: SyncKvStorage,
  ) {
    this.rename = new RoomRename(parts.identity, parts.db);
    this.broadcastReceipts = new CallReceipts(kv, 'broadcasts:delivered', 50);
    this.handOversTold = new CallReceipts(kv, 'handOvers:told', HAND_OVERS_KEPT);
  }

  /**
   * After the room was renamed in D1: every open chat gets the name (room-rename.ts), and
   * reads its room list again (roomChanged).
   */
  async roomRenamed(roomId: string) {
    if (!(await this.rename.renamed(roomId))) return;
    this.parts.presence.sendRoomData();
    this.roomChanged('name');
  }

  /**
   * After the room was handed to another member (rooms/hand-over-room.ts): the owner read from
   * D1 is forgotten, so the power to delete any message moves at once, and the room hears who
   * owns it now; its open chats read again who owns it (roomChanged). Nobody's sockets change.
   * The call may run twice (retried when its answer was lost): a repeat of `handOverId` only
   * forgets the owner again, so the room hears each hand-over once, and one back (B to A after
   * A to B) is a new id, heard too. A call without an id (a worker from before the ids) is
   * told each time, as it always was.
   */
  ownerChanged(nickname: string, handOverId?: string) {
    this.parts.members.forgetOwner();
    if (this.parts.identity.deleted) return;
    if (handOverId !== undefined && !this.handOversTold.take(handOverId)) return;
    this.sockets.broadcast('message', [notice(newOwnerNotice(nickname))], { room: JOINED });
    this.roomChanged('owner');
  }

  /**
   * An administrator's broadcast. 'user' is stored and delivered as a message from
   * ChatModerator; the system types pass as notices plus an admin-broadcast event. One to every
   * room names its `broadcastId`, and a repeat of it delivers nothing.
   */
  async adminBroadcast(
    roomId: string,
    roomName: string,
    messageType: MessageType,
    html: string,
    broadcastId?: string,
  ) {
    this.parts.identity.remember(roomId, roomName);
    if (this.parts.identity.deleted) return; // listed for the broadcast before its deletion
    if (broadcastId !== undefined && !this.broadcastReceipts.take(broadcastId)) return;
    if (messageType === 'user') {
      await this.parts.messages.post(null, CHAT_MODERATOR, html).catch((error: unknown) => {
        if (broadcastId !== undefined) this.broadcastReceipts.giveBack(broadcastId);
        throw error;
      });
      return;
    }
    const message = moderatorNotice(html, messageType);
    this.sockets.broadcast('message', [message], { room: JOINED });
    this.sockets.broadcast('admin-broadcast', [{ message }], { room: JOINED });
  }

  /**
   * Tells the joined chats that what the API says of the room changed: each reads it again at
   * once rather than at its next poll. Logged, unlike roomData, so a tab that dropped for a
   * moment hears it on its recovery.
   */
  private roomChanged(what: RoomChange) {
    const roomId = this.parts.identity.id;
    this.sockets.broadcast('roomChanged', [{ roomId, what }], { room: JOINED });
  }
}
