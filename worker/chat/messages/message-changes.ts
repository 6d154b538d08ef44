/**
 * What happens to a stored message after it is sent: reactions toggled, its text edited, the
 * message deleted. Each is stored in the room's SQLite (message-store.ts) and told to the room
 * at once as its own event (`reactions`, `messageUpdated`, `messageDeleted`), which the socket
 * layer keeps for connection-state recovery like any other. A client that resumes with a join
 * instead gets the changes to what it already shows (replay). Who may act is the caller's to
 * check (room/message-actions.ts); these only change what they are given. A pinned message's
 * edit or deletion changes the room's pins too (room-pins.ts).
 */
import type { MessageFile } from '../../../contract/files';
import type { ChatMessage, MessageUpdatedEvent, Reaction } from '../../../contract/realtime';
import { JOINED, type RoomSocket, type RoomSockets } from '../sockets/socket-state';
import { toggleReaction, type ToggleOutcome } from './message-reactions';
import type { MessageStore } from './message-store';
import type { RoomPins } from './room-pins';
import { replyRefOf } from './reply-excerpt';

const TO_JOINED = { room: JOINED };
/** The most changed messages one resumption is told of (newest changes first). */
const REPLAY_MAX = 100;

export class MessageChanges {
  constructor(
    private readonly store: MessageStore,
    private readonly sockets: RoomSockets,
    /** The room list's excerpt may have changed (an edit or deletion of a recent message). */
    private readonly excerptChanged: () => void,
    /** A message's old words are gone: the search index forgets them too (search-index.ts). */
    private readonly wordsRemoved: (id: number) => void,
    private readonly pins: RoomPins,
  ) {}

  react(
    message: ChatMessage,
    emoji: string,
    userId: string,
    nickname: string,
    addable = true,
  ): ToggleOutcome {
    const outcome = toggleReaction(this.store, message, emoji, userId, nickname, addable);
    if ('reactions' in outcome) {
      const id = message.id as number;
      this.sockets.broadcast('reactions', [{ id, reactions: outcome.reactions }], TO_JOINED);
    }
    return outcome;
  }

  /** The author's new text, rendered, with the members it mentions now. */
  edit(message: ChatMessage, html: string, mentions: string[]) {
    const id = message.id as number;
    const editedAt = Date.now();
    const edited: ChatMessage = { ...message, text: html, editedAt, mentions: undefined };
    if (mentions.length) edited.mentions = mentions;
    this.store.change(
      id,
      {
        text: html,
        mentions: mentions.length ? JSON.stringify(mentions) : null,
        edited_at: editedAt,
      },
      edited,
    );
    this.wordsRemoved(id);
    this.store.changeReplies(id, replyRefOf(edited));
    const update: MessageUpdatedEvent = { id, text: html, editedAt };
    if (mentions.length) update.mentions = mentions;
    this.sockets.broadcast('messageUpdated', [update], TO_JOINED);
    this.pins.edited(id);
    this.excerptChanged();
  }

  /**
   * The text, mentions and reactions leave storage; the row stays as the placeholder, so ids,
   * replies and the history's order hold.
   */
  remove(message: ChatMessage): MessageFile[] {
    const id = message.id as number;
    const { user, messageType, createdAt, replyTo } = message;
    const placeholder: ChatMessage = { id, user, text: '', messageType, createdAt, deleted: true };
    if (replyTo) placeholder.replyTo = replyTo;
    // Asked before the row changes: the deletion unpins it in its own statement.
    const pinned = this.pins.isPinned(id);
    this.store.sql.exec('DELETE FROM reactions WHERE message_id = ?', id);
    this.store.change(
      id,
      {
        text: '',
        mentions: null,
        reactions: null,
        files: null,
        edited_at: null,
        pinned_at: null,
        deleted_at: Date.now(),
      },
      placeholder,
    );
    this.wordsRemoved(id);
    this.store.changeReplies(id, { id, deleted: true });
    this.sockets.broadcast('messageDeleted', [{ id }], TO_JOINED);
    if (pinned) this.pins.removed();
    this.excerptChanged();
    // Its files go too (message-files.ts): the caller removes them from R2 and D1.
    return message.files ?? [];
  }

  /**
   * After a resumed join's history: the messages up to `lastMessageId` (what the client shows)
   * that changed since it was sent, each as the event that would have told it. Sent again when
   * in doubt: every one of them sets a state, so a repeat changes nothing.
   */
  replay(socket: RoomSocket, lastMessageId: number) {
    const last = this.store.find(lastMessageId)?.message;
    for (const message of this.store.changedSince(
      last?.createdAt ?? 0,
      lastMessageId,
      REPLAY_MAX,
    )) {
      const id = message.id as number;
      if (message.deleted) {
        socket.emit('messageDeleted', { id });
        continue;
      }
      if (message.editedAt !== undefined) {
        const update: MessageUpdatedEvent = { id, text: message.text, editedAt: message.editedAt };
        if (message.mentions) update.mentions = message.mentions;
        socket.emit('messageUpdated', update);
      }
      const reactions: Reaction[] = message.reactions ?? [];
      socket.emit('reactions', { id, reactions });
    }
  }
}
