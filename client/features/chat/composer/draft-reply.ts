import { REPLY_EXCERPT_MAX, type ChatMessage } from '../../../../contract/realtime';
import { DRAFT_REPLY_WORDS_MAX, type DraftReply } from '../../../lib/draft-storage';
import { excerpt } from './plain-text';

/**
 * What a draft keeps of the message its reply answers: the id the send carries, and what the
 * banner shows (the author, the first words), so the banner comes back without the message
 * being in the list (it may be far back in the history, or gone). A passing notice (a string
 * id) is never answered, so never kept.
 */
export function draftReplyOf(message: ChatMessage): DraftReply | undefined {
  if (typeof message.id !== 'number') return undefined;
  return {
    id: message.id,
    user: message.user.slice(0, DRAFT_REPLY_WORDS_MAX),
    excerpt: excerpt(message, REPLY_EXCERPT_MAX),
  };
}

/**
 * The message a restored reply answers, as the banner and the send need it: its id, author and
 * first words (as HTML, which is what a message's text is). Whether it is still in the room is
 * the server's to say, as for any reply: a send to one deleted or trimmed since is refused
 * ('The message you reply to is not in this room'), and the box gives the text back.
 */
export function repliedMessageOf(reply: DraftReply): ChatMessage {
  return {
    id: reply.id,
    user: reply.user,
    text: escapeHtml(reply.excerpt),
    messageType: 'user',
    createdAt: 0,
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
