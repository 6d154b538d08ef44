import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequest } from '../../../../contract/auth';
import type { EmailUpdatedResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';

export type UpdateEmailInput = EmailChangeRequest;

export function updateEmail(input: UpdateEmailInput): Promise<EmailUpdatedResponse> {
  return api.put<EmailUpdatedResponse>('/auth/settings/email', input);
}

/** The session's user carries the email, so it is read again once the change went through. */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
  });
}
