import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LinkPreviewResponse,
  VerifyEmailRequest,
} from '../../../../contract/email-verification';
import type { MessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';

/** Opens a mailed link: resolves with the server's sentence about what it did. */
export async function verifyEmail(input: VerifyEmailRequest): Promise<string> {
  const { message } = await api.post<MessageResponse>('/auth/verify-email', input);
  return message;
}

/**
 * A link that moved this browser's account to a new address also renewed its session, and
 * one for another account signed it out: either way the session's user is read again.
 */
export function useVerifyEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyEmail,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
  });
}

/** What a link would do and for which address, read without using it. */
export function previewLink(token: string): Promise<LinkPreviewResponse> {
  return api.post<LinkPreviewResponse>('/auth/verify-email/preview', { token });
}

/**
 * The page's description of its link. Asked once: a failure (an old link, no network) only
 * means the page says it in general words, and the click reports what really happened.
 */
export function useLinkPreview(token: string) {
  return useQuery({
    queryKey: ['verify-email', 'preview', token],
    queryFn: () => previewLink(token),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}
