import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateInviteRequest,
  InviteLinkResponse,
  LimitedLinksResponse,
} from '../../../../contract/invites';
import { api } from '../../../lib/api-client';

export const inviteLinkKeys = {
  link: (roomId: string) => ['invite-link', roomId] as const,
  limited: (roomId: string) => ['invite-link', roomId, 'limited'] as const,
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

/**
 * The owner's live limited links, to copy again after a reload, and whether the room's plain
 * link still admits (the first limited link ends that). Read each time the owner opens the menu.
 */
export function useLimitedLinks(roomId: string) {
  return useQuery({
    queryKey: inviteLinkKeys.limited(roomId),
    queryFn: () => api.get<LimitedLinksResponse>(`${roomPath(roomId)}/invites`),
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
      // The reset revoked every limited link too.
      queryClient.setQueryData<LimitedLinksResponse>(inviteLinkKeys.limited(roomId), {
        links: [],
        roomIdAdmits: false,
      });
    },
  });
}

/** A link that expires, admits a number of people, or both. */
export function useCreateLimitedLink(roomId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: CreateInviteRequest) =>
      api.post<InviteLinkResponse>(`${roomPath(roomId)}/invites`, request),
    onSuccess: ({ inviteUrl, expiresAt, maxUses }) => {
      // Listed at once, before the list is read again.
      queryClient.setQueryData<LimitedLinksResponse>(inviteLinkKeys.limited(roomId), (old) => ({
        links: [{ inviteUrl, expiresAt, maxUses, uses: 0 }, ...(old?.links ?? [])],
        roomIdAdmits: false,
      }));
      // The first one turns links on, which changes the room's standing link too (the list's
      // key is under the link's, so it is read again with it).
      return queryClient.invalidateQueries({ queryKey: inviteLinkKeys.link(roomId) });
    },
  });
}
