import type { ChatMessage, MessageType } from '../../../contract/realtime';
import { CHAT_MODERATOR } from '../../../contract/rooms';
import { escapeHtml } from './render-message';

/** A passing system message: shown as a notification, never stored in the history. */
export function notice(text: string, messageType: MessageType = 'system-simple'): ChatMessage {
  return {
    id: `notice-${crypto.randomUUID()}`,
    user: 'System',
    text: escapeHtml(text),
    messageType,
    createdAt: Date.now(),
  };
}

/** An administrator's broadcast of a system type: already rendered HTML, from the moderator. */
export function moderatorNotice(html: string, messageType: MessageType): ChatMessage {
  return {
    id: `notice-${crypto.randomUUID()}`,
    user: CHAT_MODERATOR,
    text: html,
    messageType,
    createdAt: Date.now(),
  };
}
