import { api } from '../../../lib/api-client';

/** Resolves when the password is right; rejects with the server's ApiError otherwise. */
export async function verifyPassword(password: string): Promise<void> {
  await api.post<{ success: boolean }>('/auth/settings/verify', { password });
}
