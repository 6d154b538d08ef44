import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteRequest, InviteLinkResponse } from '../../../../contract/invites';
import { api } from '../../../lib/api-client';

export const inviteLinkKeys = {
  link: (roomId: string) => ['invite-link', roomId] as const,
};

const roomPath = (roomId: string) => `/rooms/${encodeURIComponent(roomId)}`;

/** The room's link to share, and whether the caller (its owner) may change it. */
export function getInviteLink(roomId: string): Promise<InviteLinkResponse> {
  return api.get<InviteLinkResponse>(`${roomPath(roomId)}/invite`);
}

/** Read when the share menu opens: the owner may have reset it since. */
export function useInviteLink(roomId: string, enabled: boolean) {
  return useQuery({
    queryKey: inviteLinkKeys.link(roomId),
    queryFn: () => getInviteLink(roomId),
    enabled,
    staleTime: 0,
  });
}

/** A new link for the room; every link given out before admits no one new. */
export function useResetInviteLink(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<InviteLinkResponse>(`${roomPath(roomId)}/invite/reset`, {}),
    onSuccess: ({ inviteUrl }) => {
      queryClient.setQueryData<InviteLinkResponse>(inviteLinkKeys.link(roomId), (old) => ({
        ...old,
        inviteUrl,
      }));
    },
  });
}

/** A link that expires, admits a number of people, or both. */
export function useCreateLimitedLink(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateInviteRequest) =>
      api.post<InviteLinkResponse>(`${roomPath(roomId)}/invites`, request),
    // The first one turns links on, which changes the room's standing link too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: inviteLinkKeys.link(roomId) }),
  });
}
