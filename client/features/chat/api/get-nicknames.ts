import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useDebouncedValue } from '@mantine/hooks';
import type { NicknamesResponse } from '../../../../contract/rooms';
import { api } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';

/** A minute: members come and go rarely, and the people online are added live anyway. */
const NICKNAMES_STALE_MS = 60_000;
/** Typing after '@' pauses this long before the server is asked for the nicknames. */
const LOOKUP_DEBOUNCE_MS = 200;

const nicknamesPath = (roomId: string) => `/rooms/${encodeURIComponent(roomId)}/nicknames`;

/**
 * The members' nicknames (any member may ask), for '@' to complete: members who are not online
 * and have said nothing lately are mentionable too. Empty until it answers, or if it fails, and
 * not asked before `enabled` (the room has let the person in: use-joined-once.ts).
 * One answer holds the first 500 to join; `cut` says a big room has more, which
 * useNicknamesStartingWith then finds.
 */
export function useRoomNicknames(
  roomId: string,
  enabled: boolean,
): { nicknames: readonly string[]; cut: boolean } {
  const query = useQuery({
    queryKey: roomsKeys.nicknames(roomId),
    queryFn: () => api.get<NicknamesResponse>(nicknamesPath(roomId)),
    enabled,
    staleTime: NICKNAMES_STALE_MS,
    retry: false,
  });
  return { nicknames: query.data?.nicknames ?? NONE, cut: query.data?.nextAfter !== undefined };
}

/**
 * The nicknames that start with `prefix` (the server matches, whatever the case), asked only
 * while there is a prefix: for a room whose list was cut. While the next prefix is asked, the
 * last answer stays, so the suggestions do not flicker.
 */
export function useNicknamesStartingWith(roomId: string, prefix: string | null) {
  const [asked] = useDebouncedValue(prefix ?? '', LOOKUP_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: roomsKeys.nicknamesStartingWith(roomId, asked),
    queryFn: () =>
      api.get<NicknamesResponse>(`${nicknamesPath(roomId)}?q=${encodeURIComponent(asked)}`),
    enabled: prefix !== null && asked !== '',
    staleTime: NICKNAMES_STALE_MS,
    retry: false,
    placeholderData: keepPreviousData,
  });
  return prefix ? (query.data?.nicknames ?? NONE) : NONE;
}

const NONE: readonly string[] = [];
