import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EmailChangeRequest } from '../../../../contract/auth';
import type { EmailUpdatedResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';
import { emailStatusKey } from './email-status';

export type UpdateEmailInput = EmailChangeRequest;

export function updateEmail(input: UpdateEmailInput): Promise<EmailUpdatedResponse> {
  return api.put<EmailUpdatedResponse>('/auth/settings/email', input);
}

/**
 * The change waits for the link mailed to the new address; the session's user and the
 * address's status are read again, so the screen says which address it waits for.
 */
export function useUpdateEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmail,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
        queryClient.invalidateQueries({ queryKey: emailStatusKey }),
      ]),
  });
}
