import type { PublicUser, UserResponse } from '../../../contract/user';
import { api, ApiError } from '../api-client';
import { isLogoutOwed, settleOwedLogout } from './logout';
import { maybeSignedIn, rememberSignedIn } from './session-hint';

/**
 * Whoever the session cookie belongs to; any answer but a user means "not signed in" (spec
 * point 8: the check is silent), though only a 401 forgets that this browser signed in (a 429,
 * an address blocked, says nothing about the cookie, and the login page says why). No answer at
 * all (offline) or a 5xx (the edge without the app behind it) rejects instead: a re-read keeps
 * the user the cache already has, and a startup check leaves the session unknown
 * (docs/offline.md) rather than send a signed-in person to /login.
 * A browser that has not signed in since its storage was cleared is not asked about at all.
 */
export async function getCurrentUser(): Promise<PublicUser | null> {
  if (!maybeSignedIn()) return null;
  // Whoever signed out here is signed out, whether or not the server has heard it yet.
  if (isLogoutOwed()) {
    await settleOwedLogout();
    return null;
  }
  try {
    const answer = await api.get<Partial<UserResponse> | null>('/auth/login/current');
    const user = answer?.user ?? null;
    rememberSignedIn(user !== null);
    return user;
  } catch (error) {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    if (error.status === 401) rememberSignedIn(false);
    return null;
  }
}
