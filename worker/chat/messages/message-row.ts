/**
 * A row of the messages table (messages-table.ts) as the contract's message: the columns a
 * message is read with, and the one mapping from them.
 */
import type { MessageFile } from '../../../contract/files';
import type { ChatMessage, MessageType, Reaction } from '../../../contract/realtime';

/** What a message is read with: the columns of toMessage. */
export const MESSAGE_COLUMNS =
  'id, user, text, type, created_at, reply_to, reply_user, reply_excerpt, reactions, mentions, edited_at, deleted_at, files';

export interface MessageRow extends Record<string, SqlStorageValue> {
  id: number;
  user: string;
  text: string;
  type: string;
  created_at: number;
  reply_to: number | null;
  reply_user: string | null;
  reply_excerpt: string | null;
  /** JSON of the message's Reaction list. */
  reactions: string | null;
  /** JSON of the mentioned nicknames. */
  mentions: string | null;
  edited_at: number | null;
  deleted_at: number | null;
  /** JSON of the message's MessageFile list. */
  files: string | null;
}

/** A row as the contract's message: the fields of the actions only when they are set. */
export function toMessage(row: MessageRow): ChatMessage {
  const message: ChatMessage = {
    id: row.id,
    user: row.user,
    text: row.text,
    messageType: row.type as MessageType,
    createdAt: row.created_at,
  };
  if (row.reply_to !== null) {
    message.replyTo =
      row.reply_user === null
        ? { id: row.reply_to, deleted: true }
        : { id: row.reply_to, user: row.reply_user, excerpt: row.reply_excerpt ?? '' };
  }
  if (row.deleted_at !== null) {
    message.deleted = true;
    return message;
  }
  if (row.reactions !== null) message.reactions = JSON.parse(row.reactions) as Reaction[];
  if (row.mentions !== null) message.mentions = JSON.parse(row.mentions) as string[];
  if (row.edited_at !== null) message.editedAt = row.edited_at;
  if (row.files !== null) message.files = JSON.parse(row.files) as MessageFile[];
  return message;
}
