import { api } from '../api-client';
import { closePushNotifications, unsubscribeFromPush } from '../push-subscription';

/** The spec only logs a failed logout: the local session is cleared either way. */
export async function logout(): Promise<void> {
  // First, while the session still says whose this browser's push subscription is.
  await unsubscribeFromPush();
  // What the pushes showed of the account's rooms leaves the screen with it.
  await closePushNotifications();
  try {
    await api.post('/auth/logout');
  } catch (error) {
    console.error('Logout request failed', error);
  }
}
