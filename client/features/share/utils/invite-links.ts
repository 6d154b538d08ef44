import { PRODUCT_NAME } from '../../../config/constants';

/** The invitation address: this site's /invite page, which survives registering and login. */
export function inviteLink(roomId: string, origin = window.location.origin): string {
  return `${origin}/invite?room=${encodeURIComponent(roomId)}`;
}

export function inviteText(roomName: string): string {
  return `Join me in "${roomName}" on ${PRODUCT_NAME}!`;
}

export function mailtoLink(roomName: string, link: string): string {
  const subject = `Join me in "${roomName}" on ${PRODUCT_NAME}`;
  const body = [
    `${inviteText(roomName)} Open this link to join the room:`,
    link,
    '',
    "You'll need an account to join. If you don't have one yet, you can create it for free after opening the link.",
  ].join('\n');
  return `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

export function whatsAppLink(roomName: string, link: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${inviteText(roomName)} ${link}`)}`;
}
