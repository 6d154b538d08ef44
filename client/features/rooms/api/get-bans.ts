import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BansResponse } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

/** The people kicked from a room and not yet let back in; the owner's and admins' only. */
export function getBans(roomId: string): Promise<BansResponse> {
  return api.get<BansResponse>(`/rooms/${encodeURIComponent(roomId)}/bans`);
}

export const getBansQueryOptions = (roomId: string) =>
  queryOptions({ queryKey: roomsKeys.bans(roomId), queryFn: () => getBans(roomId) });

export function useBans(roomId: string) {
  return useQuery(getBansQueryOptions(roomId));
}
