import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export async function resetPassword(token: string, newPassword: string): Promise<string> {
  const { message } = await api.post<MessageResponse>('/auth/reset-password/reset', {
    token,
    newPassword,
  });
  return message;
}
