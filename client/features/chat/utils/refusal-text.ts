/**
 * The room's refusals (a connect_error from the worker, a refused join) in words a person
 * understands; anything else is shown as the server said it.
 */
const WORDS: Record<string, string> = {
  'Not authenticated': 'Your session has ended. Please log in again.',
  'Room not found': 'This room no longer exists. It may have been deleted.',
  'You are not a member of this room':
    'You are not a member of this room. Ask someone in it for an invite link.',
  'Too many open connections to this room':
    'This room is open in too many tabs or devices. Close one of them and try again.',
  'Cross-origin connection refused': 'This page may not connect to the chat. Open the app itself.',
  'This connection is for another room': 'Something went wrong opening this room. Please reload.',
};

export function refusalText(message: string): string {
  return WORDS[message] ?? message;
}
