/**
 * The invitation a person is signing up or signing in for (spec point 3's pendingRoomJoin). It
 * lives in sessionStorage, so only this tab's flow sees it, and for an hour at most: another
 * site that bounced a visitor through /invite, or flashed it in a pop-up, must not leave
 * anything behind that a later sign-in would act on. Even then it only brings the person to
 * the invitation's prompt; joining takes their click.
 */
import { storageKeys } from './storage';

export interface PendingInvitation {
  room: string;
  /** The invite link's code, for a room whose owner turned invite links on. */
  invite?: string;
}

const LIFETIME_MS = 60 * 60_000;

interface Stored extends PendingInvitation {
  savedAt: number;
}

export function savePendingInvitation(invitation: PendingInvitation): void {
  try {
    const stored: Stored = { ...invitation, savedAt: Date.now() };
    window.sessionStorage.setItem(storageKeys.pendingRoomJoin, JSON.stringify(stored));
  } catch {
    // Storage unavailable: the person is asked again after signing in, from the link.
  }
}

export function readPendingInvitation(): PendingInvitation | null {
  dropLegacyEntry();
  try {
    const text = window.sessionStorage.getItem(storageKeys.pendingRoomJoin);
    const stored = text ? (JSON.parse(text) as Partial<Stored>) : null;
    if (
      typeof stored?.room === 'string' &&
      typeof stored.savedAt === 'number' &&
      Date.now() - stored.savedAt < LIFETIME_MS
    ) {
      return { room: stored.room, ...(stored.invite ? { invite: String(stored.invite) } : {}) };
    }
    if (text) clearPendingInvitation();
  } catch {
    clearPendingInvitation();
  }
  return null;
}

export function clearPendingInvitation(): void {
  dropLegacyEntry();
  try {
    window.sessionStorage.removeItem(storageKeys.pendingRoomJoin);
  } catch {
    // Nothing stored when storage is unavailable.
  }
}

/** Older versions kept the invitation in localStorage, forever: such an entry is never used. */
function dropLegacyEntry() {
  try {
    window.localStorage.removeItem(storageKeys.pendingRoomJoin);
  } catch {
    // Storage unavailable: there is nothing to drop.
  }
}

/** The /auto-join address of an invitation, which asks the person before joining. */
export function invitationPath({ room, invite }: PendingInvitation): string {
  const query = new URLSearchParams({ room });
  if (invite) query.set('invite', invite);
  return `/auto-join?${query.toString()}`;
}
