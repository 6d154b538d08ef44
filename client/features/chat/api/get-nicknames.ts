import { useQuery } from '@tanstack/react-query';
import type { NicknamesResponse } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

/** A minute: members come and go rarely, and the people online are added live anyway. */
const NICKNAMES_STALE_MS = 60_000;

/**
 * Every member's nickname (any member may ask), for '@' to complete: members who are not online
 * and have said nothing lately are mentionable too. Empty until it answers, or if it fails.
 */
export function useRoomNicknames(roomId: string): readonly string[] {
  const query = useQuery({
    queryKey: roomsKeys.nicknames(roomId),
    queryFn: () => api.get<NicknamesResponse>(`/rooms/${encodeURIComponent(roomId)}/nicknames`),
    staleTime: NICKNAMES_STALE_MS,
    retry: false,
  });
  return query.data?.nicknames ?? NONE;
}

const NONE: readonly string[] = [];
