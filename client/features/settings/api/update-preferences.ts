import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PreferencesRequest } from '../../../../contract/auth';
import type { PublicUser, UserResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/query-keys';

export async function updatePreferences(input: PreferencesRequest): Promise<PublicUser> {
  const { user } = await api.patch<UserResponse>('/user/preferences', input);
  return user;
}

/** The answer is the user as saved: it replaces the session's at once. */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (user) => queryClient.setQueryData(sessionKeys.user, user),
  });
}
