import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InvitePreview } from '../../../../contract/invites';
import { api } from '../../../lib/api-client';

export const invitesKeys = {
  all: ['invites'] as const,
  preview: (roomId: string) => [...invitesKeys.all, roomId] as const,
};

/** What an invitation is to: the room's name, and whether the person is already in or banned. */
export function getInvitePreview(roomId: string): Promise<InvitePreview> {
  return api.get<InvitePreview>(`/invites/${encodeURIComponent(roomId)}`);
}

export const getInvitePreviewQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: invitesKeys.preview(roomId), queryFn: () => getInvitePreview(roomId) });

export function useInvitePreview(roomId: string) {
  return useQuery(getInvitePreviewQueryOptions(roomId));
}
