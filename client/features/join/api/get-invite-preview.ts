import { queryOptions, useQuery } from '@tanstack/react-query';
import { INVITE_PARAM, type InvitePreview } from '../../../../contract/invites';
import { api } from '../../../lib/api-client';

export const invitesKeys = {
  all: ['invites'] as const,
  preview: (roomId: string, invite?: string) => [...invitesKeys.all, roomId, invite ?? ''] as const,
};

/**
 * What an invitation is to: the room's name, its owner, and whether the person is already in
 * or banned. A link the room no longer honours fails like an unknown room.
 */
export function getInvitePreview(roomId: string, invite?: string): Promise<InvitePreview> {
  const query = invite ? `?${INVITE_PARAM}=${encodeURIComponent(invite)}` : '';
  return api.get<InvitePreview>(`/invites/${encodeURIComponent(roomId)}${query}`);
}

export const getInvitePreviewQueryOptions = (roomId: string, invite?: string) =>
  queryOptions({
    queryKey: invitesKeys.preview(roomId, invite),
    queryFn: () => getInvitePreview(roomId, invite),
  });

export function useInvitePreview(roomId: string, invite?: string) {
  return useQuery(getInvitePreviewQueryOptions(roomId, invite));
}
