import { api } from '../api-client';
import { closePageNotifications } from '../page-notifications';
import { closePushNotifications, unsubscribeFromPush } from '../push-subscription';
import { readStored, removeStored, storageKeys, writeStored } from '../storage';

/**
 * The spec only logs a failed logout: the local session is cleared either way. But the session
 * cookie is HttpOnly, so only the server can end it: a logout it never heard (offline, say)
 * would leave the next visit here signed in as the person who signed out. It is owed, then,
 * and sent again before anything asks who is signed in (settleOwedLogout).
 */
export async function logout(): Promise<void> {
  // First, while the session still says whose this browser's push subscription is.
  await unsubscribeFromPush();
  // What the pushes and the open app showed of the account's rooms leaves the screen with it.
  await closePushNotifications();
  closePageNotifications();
  try {
    await api.post('/auth/logout');
    removeStored(storageKeys.logoutOwed);
  } catch (error) {
    console.error('Logout request failed', error);
    writeStored(storageKeys.logoutOwed, '1');
  }
}

/** Sends a logout still owed, once however many ask; true when none is owed any more. */
export function settleOwedLogout(): Promise<boolean> {
  if (!isLogoutOwed()) return Promise.resolve(true);
  return (settling ??= sendOwedLogout().finally(() => (settling = null)));
}

let settling: Promise<boolean> | null = null;

async function sendOwedLogout() {
  try {
    await api.post('/auth/logout');
  } catch {
    return false;
  }
  removeStored(storageKeys.logoutOwed);
  return true;
}

export const isLogoutOwed = () => readStored(storageKeys.logoutOwed) !== null;

/** A sign-in here replaced the cookie: the old session's logout is no longer this browser's. */
export const forgetOwedLogout = () => removeStored(storageKeys.logoutOwed);
