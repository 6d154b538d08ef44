import type { PublicUser, UserResponse } from '../../../contract/user';
import { api, ApiError } from '../api-client';
import { isLogoutOwed, settleOwedLogout } from './logout';
import { maybeSignedIn, rememberSignedIn } from './session-hint';

/**
 * Whoever the session cookie belongs to. Any answer but a user means "not signed in" (spec
 * point 8: the check is silent). No answer at all rejects instead, so that a re-read after a
 * network blip keeps the user the cache already has; at startup it also ends as signed out.
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
    if (!(error instanceof ApiError)) throw error;
    // Only a refusal says the cookie is gone; a 429 or a 500 says nothing about it.
    if (error.status === 401) rememberSignedIn(false);
    return null;
  }
}
