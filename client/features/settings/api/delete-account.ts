import { api } from '../../../lib/api-client';

/** The password travels in the DELETE body, as the spec's call table says. */
export async function deleteAccount(password: string): Promise<void> {
  await api.delete('/auth/settings/account', { password });
}
