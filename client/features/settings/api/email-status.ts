import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailStatusResponse } from '../../../../contract/email-verification';
import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export const emailStatusKey = ['settings', 'email-status'] as const;

export function getEmailStatus(): Promise<EmailStatusResponse> {
  return api.get<EmailStatusResponse>('/auth/verify-email/status');
}

/** Whether the address is proved, and the address a change waits for, if any. */
export function useEmailStatus() {
  return useQuery({ queryKey: emailStatusKey, queryFn: getEmailStatus });
}

export async function resendVerification(): Promise<string> {
  const { message } = await api.post<MessageResponse>('/auth/verify-email/resend');
  return message;
}

/** A new link to the account's own address. */
export function useResendVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendVerification,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: emailStatusKey }),
  });
}
