import type { ChatMessage, MessageType } from '../../contract/realtime';
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
