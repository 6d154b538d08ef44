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

export interface OpenDirectInput {
  /** A room both people are in. */
  fromRoomId: string;
  /** The other person's nickname there. */
  nickname: string;
}

export function openDirect({ fromRoomId, nickname }: OpenDirectInput) {
  return api.post<OpenDirectResponse>(`/rooms/${encodeURIComponent(fromRoomId)}/direct`, {
    nickname,
  });
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
