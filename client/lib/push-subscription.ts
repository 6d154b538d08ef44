/**
 * Web Push for this browser (issue 35, docs/push.md): the subscription the push service gives
 * for the app's VAPID key, handed to the server so that messages reach the person with the app
 * closed. Best effort throughout: without a service worker, push support or the permission,
 * nothing happens, and a failure is logged (the open app notifies anyway).
 *
 * - subscribeToPush(): the bell's menu calls it once the person allows notifications, and the
 *   session calls it at each start of a signed-in person who already has, so a subscription the
 *   browser renewed, or one made for an older key, reaches the server again. It says whether
 *   this browser can take pushes at all: the menu tells the person when it cannot (no Push
 *   API, no service worker, a private window's refusal), as they would otherwise believe that
 *   messages reach them with the app closed.
 * - unsubscribeFromPush(): before a sign-out, while the session can still say whose it was.
 * - closePushNotifications(): at a sign-out, what the pushes showed of the account's rooms.
 */
import type { PushKeyResponse } from '../../contract/push';
import { api } from './api-client';
import { notePushAvailability } from './push-availability';

function supported(): boolean {
  return (
    typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
  );
}

/** The app's registration once its worker is active; null where none was registered (dev). */
async function activeRegistration(): Promise<ServiceWorkerRegistration | null> {
  if (!(await navigator.serviceWorker.getRegistration())) return null;
  return navigator.serviceWorker.ready;
}

/**
 * Resolves false when this browser cannot take pushes: no Push API or service worker, or the
 * browser refused a subscription. True otherwise, also when only the app could not be reached
 * (offline) or the page's worker is not registered yet: the next start subscribes again.
 */
export async function subscribeToPush(): Promise<boolean> {
  if (!supported()) {
    notePushAvailability(false);
    return false;
  }
  if (Notification.permission !== 'granted') return false;
  let browserRefused = false;
  try {
    const registration = await activeRegistration();
    // None yet: the page registers its worker once idle (main.tsx), up to seconds after a chat
    // opens. Not known to be unable, so no note; the next start subscribes.
    if (!registration) return true;
    const { publicKey } = await api.get<PushKeyResponse>('/push/key');
    browserRefused = true;
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !sameKey(subscription, publicKey)) {
      // Made for another key (the server's keys changed): pushes signed now would be refused.
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: fromBase64Url(publicKey),
    });
    browserRefused = false;
    const { endpoint, keys } = subscription.toJSON();
    await api.post('/push/subscriptions', { endpoint, keys });
  } catch (error) {
    console.warn('Push subscription failed', error);
  }
  notePushAvailability(!browserRefused);
  return !browserRefused;
}

export async function unsubscribeFromPush(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    const subscription = await registration?.pushManager.getSubscription();
    if (!subscription) return;
    await api.delete('/push/subscriptions', { endpoint: subscription.endpoint }).catch(() => {});
    await subscription.unsubscribe();
  } catch (error) {
    console.warn('Push unsubscription failed', error);
  }
}

/**
 * Closes the notifications the service worker shows: each names a room and quotes a message
 * ('Ada: the door code is…'), and the system keeps them on screen, and in its notification
 * centre, after the page has signed out, for whoever uses the computer next.
 */
export async function closePushNotifications(): Promise<void> {
  if (!supported()) return;
  try {
    const registration = await navigator.serviceWorker.getRegistration();
    for (const notification of (await registration?.getNotifications()) ?? []) {
      notification.close();
    }
  } catch (error) {
    console.warn('Closing notifications failed', error);
  }
}

function sameKey(subscription: PushSubscription, publicKey: string): boolean {
  const key = subscription.options.applicationServerKey;
  if (!key) return false;
  const bytes = new Uint8Array(key);
  const wanted = fromBase64Url(publicKey);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
