import { refusalCodes, type RefusalCode } from '../../../../contract/realtime';

/**
 * The room's refusals (a connect_error from the worker, a refused join) in words a person
 * understands, chosen by their code; any other is shown as the server said it.
 */
const WORDS: Partial<Record<RefusalCode, string>> = {
  not_authenticated: 'Your session has ended. Please log in again.',
  room_not_found: 'This room no longer exists. It may have been deleted.',
  not_member: 'You are not a member of this room. Ask someone in it for an invite link.',
  too_many_connections:
    'This room is open in too many tabs or devices. Close one of them and try again.',
  cross_origin: 'This page may not connect to the chat. Open the app itself.',
  wrong_room: 'Something went wrong opening this room. Please reload.',
  message_not_found: 'This message is no longer in the room.',
  not_allowed: 'You may not change this message.',
  invalid_emoji: 'A reaction is one emoji.',
  too_many_reactions: 'This message has all the different reactions it can take.',
};

export function refusalText(code: RefusalCode | undefined, message: string): string {
  return (code && WORDS[code]) ?? message;
}

const KNOWN: ReadonlySet<string> = new Set(refusalCodes);

/** The code a connect_error carries in its data, if it is one of ours. */
export function refusalCodeOf(problem: unknown): RefusalCode | undefined {
  const code = (problem as { data?: { code?: unknown } } | null)?.data?.code;
  return typeof code === 'string' && KNOWN.has(code) ? (code as RefusalCode) : undefined;
}
