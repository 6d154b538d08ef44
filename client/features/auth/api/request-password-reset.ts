import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

/** Resolves with the server's message, which the form shows as it is. */
export async function requestPasswordReset(email: string): Promise<string> {
  const { message } = await api.post<MessageResponse>('/auth/reset-password/forgot', { email });
  return message;
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}
