import type { PublicUser, UserResponse } from '../../../contract/user';
import { api } from '../api-client';

/** Any failure means "not signed in" (spec point 8: the check is silent). */
export async function getCurrentUser(): Promise<PublicUser | null> {
  try {
    const { user } = await api.get<UserResponse>('/auth/login/current');
    return user ?? null;
  } catch {
    return null;
  }
}
