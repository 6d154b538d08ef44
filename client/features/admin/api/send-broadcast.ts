import { useMutation } from '@tanstack/react-query';
import type { BroadcastQueued, BroadcastRequest, BroadcastSent } from '../../../../contract/admin';
import { api } from '../../../lib/api-client';

export type BroadcastInput = BroadcastRequest;

/** One room answers once delivered; 'all' answers once queued, with an id to follow. */
export function sendBroadcast(input: BroadcastInput): Promise<BroadcastSent | BroadcastQueued> {
  return api.post<BroadcastSent | BroadcastQueued>('/admin/broadcast', input);
}

export function useSendBroadcast() {
  return useMutation({ mutationFn: sendBroadcast });
}
