import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordRequest } from '../../../../contract/auth';
import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export type ResetPasswordInput = ResetPasswordRequest;

/** Resolves with the server's message, which the form shows before going to /login. */
export async function resetPassword(input: ResetPasswordInput): Promise<string> {
  const { message } = await api.post<MessageResponse>('/auth/reset-password/reset', input);
  return message;
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
