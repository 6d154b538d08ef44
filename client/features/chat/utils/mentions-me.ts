import type { ChatMessage } from '../../../../contract/realtime';

/** The message mentions `nickname` (nicknames are one person whatever their case). */
export const mentionsMe = (message: ChatMessage, nickname: string) =>
  message.mentions?.some((name) => name.toLowerCase() === nickname.toLowerCase()) ?? false;
