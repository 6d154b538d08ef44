import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await api.post<MessageResponse>('/auth/reset-password/forgot', { email });
  return message;
}
