/** Private conversations (contract/direct.ts): opening one, blocking in one, the blocks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  BlockResponse,
  BlocksResponse,
  OpenDirectResponse,
} from '../../../../contract/direct';
import { api } from '../../../lib/api-client';
import { endingRoom } from '../../../lib/own-room-endings';
import { roomsKeys } from '../../../lib/query-keys';

const blocksKey = ['blocks'] as const;

/**
 * The other person: by their nickname in the room now (the lists), or as the author of one of
 * its messages (a message's menu: the nickname on it may have been taken by someone else since).
 */
export type DirectWhom = { nickname: string } | { messageId: number };

export type OpenDirectInput = DirectWhom & {
  /** A room both people are in. */
  fromRoomId: string;
};

export function openDirect({ fromRoomId, ...whom }: OpenDirectInput) {
  return api.post<OpenDirectResponse>(`/rooms/${encodeURIComponent(fromRoomId)}/direct`, whom);
}

/** Opens (or finds) the conversation; the room list is read again, since it may be new. */
export function useOpenDirect() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: openDirect,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roomsKeys.lists() }),
  });
}

export interface BlockInput {
  roomId: string;
  /** What the blocker reads once the conversation has ended. */
  notice: string;
}

/** Blocks the other person of conversation `roomId`, which ends it for both. */
export function useBlockInConversation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ roomId, notice }: BlockInput) => {
      const done = endingRoom(roomId, notice);
      try {
        return await api.post<BlockResponse>(`/rooms/${encodeURIComponent(roomId)}/block`);
      } finally {
        done();
      }
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: roomsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: blocksKey });
    },
  });
}

/** The people the signed-in person blocked. */
export function useBlocks() {
  return useQuery({
    queryKey: blocksKey,
    queryFn: () => api.get<BlocksResponse>('/blocks'),
  });
}

export function useUnblock() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (blockId: string) => api.delete(`/blocks/${encodeURIComponent(blockId)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: blocksKey }),
  });
}
