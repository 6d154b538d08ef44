import { api } from '../api-client';

/** The spec only logs a failed logout: the local session is cleared either way. */
export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout');
  } catch (error) {
    console.error('Logout request failed', error);
  }
}
