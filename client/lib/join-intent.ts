/**
 * Whether a navigation to /auto-join was started by the app itself (the login after an
 * invitation), which joins at once, or came from outside: a link on another site, a typed or
 * pasted address. Those ask first, because any page can link to /auto-join?room=… and a
 * silent join would put the visitor, and their email, in a stranger's room. The mark travels in
 * the history entry's state, which only this app's own code can write.
 */
const ACCEPTED = 'joinAccepted';

export const acceptedJoinState = { [ACCEPTED]: true } as const;

export function isAcceptedJoin(state: unknown): boolean {
  return Boolean(state && typeof state === 'object' && ACCEPTED in state);
}
