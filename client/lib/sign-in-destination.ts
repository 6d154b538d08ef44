/**
 * Where a sign-in in this tab leads: to the chat link or to the invitation the visitor opened
 * before it, else home. The spec's ?redirect= on /login still has no effect: only these two,
 * kept by the app itself, lead anywhere.
 *
 * The most recent of the two wins (keeping one drops the other): it is what the person did last,
 * so what they are signing in for now. A fixed order between two kept side by side would lead
 * some of them back to a link they had moved on from; the older one is still at its own link.
 */
import {
  chatLinkPath,
  clearPendingChatLink,
  readPendingChatLink,
  savePendingChatLink,
  type ChatLink,
} from './pending-chat-link';
import {
  clearPendingInvitation,
  invitationPath,
  readPendingInvitation,
  savePendingInvitation,
  type PendingInvitation,
} from './pending-invitation';

export function keepChatLinkForSignIn(link: ChatLink): void {
  clearPendingInvitation();
  savePendingChatLink(link);
}

export function keepInvitationForSignIn(invitation: PendingInvitation): void {
  clearPendingChatLink();
  savePendingInvitation(invitation);
}

/**
 * The address a sign-in that just ended goes to. A chat link is used once: taken here, so no
 * later sign-in is led there again. An invitation stays until its prompt is answered.
 */
export function takeSignInDestination(): string {
  const link = readPendingChatLink();
  if (link) {
    clearPendingChatLink();
    return chatLinkPath(link);
  }
  const invitation = readPendingInvitation();
  return invitation ? invitationPath(invitation) : '/';
}
