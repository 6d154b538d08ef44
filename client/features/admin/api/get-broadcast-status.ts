import { useQuery } from '@tanstack/react-query';
import type { BroadcastStatus } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './admin-keys';

/** How often a queued broadcast's progress is asked for, until every room is accounted for. */
export const BROADCAST_POLL_MS = 1000;

/**
 * The wait before the next ask, after `asked` answers: every second for the first half minute,
 * then every 5 s, and every 30 s after five minutes. A delivery the queue gave up on (after its
 * retries, in a long D1 outage) is never done, and an open dashboard would ask every second for
 * as long as it stays open.
 */
export function broadcastPollMs(asked: number): number {
  if (asked < 30) return BROADCAST_POLL_MS;
  return asked < 90 ? 5 * BROADCAST_POLL_MS : 30 * BROADCAST_POLL_MS;
}

export function getBroadcastStatus(broadcastId: string): Promise<BroadcastStatus> {
  return api.get<BroadcastStatus>(`/admin/broadcasts/${encodeURIComponent(broadcastId)}`);
}

/** Polls a queued broadcast (when there is one) until it is done. */
export function useBroadcastStatus(broadcastId: string | null) {
  return useQuery({
    queryKey: adminKeys.broadcast(broadcastId ?? ''),
    queryFn: () => getBroadcastStatus(broadcastId!),
    enabled: broadcastId !== null,
    staleTime: 0,
    // A failed status call (after its retry) ends the polling; the form says it is unknown.
    refetchInterval: (query) =>
      query.state.data?.done || query.state.status === 'error'
        ? false
        : broadcastPollMs(query.state.dataUpdateCount),
  });
}
