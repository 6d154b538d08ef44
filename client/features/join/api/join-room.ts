import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import type { JoinRequest, JoinResponse, NicknameConflict } from '../../../../contract/rooms';
import { api, ApiError } from '../../../lib/api-client';
import { roomsKeys } from '../../../lib/query-keys';
import { invitesKeys } from './get-invite-preview';

export type { JoinRequest };

/** Creates or joins a room and makes it the person's current one. */
export function joinRoom(request: JoinRequest): Promise<JoinResponse> {
  return api.post<JoinResponse>('/join', request);
}

type UseJoinRoomConfig = Omit<UseMutationOptions<JoinResponse, Error, JoinRequest>, 'mutationFn'>;

/**
 * A join adds a room to the person's list (or renames their place in it) and makes them a
 * member of the invitation's room, so both are read again wherever they show next.
 */
export function useJoinRoom(config: UseJoinRoomConfig = {}) {
  const queryClient = useQueryClient();
  const { onSuccess, ...rest } = config;
  return useMutation({
    ...rest,
    mutationFn: joinRoom,
    onSuccess: (answer, request, ...more) => {
      void queryClient.invalidateQueries({ queryKey: roomsKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: invitesKeys.all });
      return onSuccess?.(answer, request, ...more);
    },
  });
}

export interface Conflict {
  roomId: string;
  message: string;
}

/** The 409 of a nickname somebody in the room already holds, or null for any other failure. */
export function conflictOf(
  error: unknown,
  request: JoinRequest,
  nickname: string,
): Conflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.serverError !== 'nickname_conflict') return null;
  const body = (
    error.body && typeof error.body === 'object' ? error.body : {}
  ) as Partial<NicknameConflict>;
  return {
    roomId: body.roomId ?? request.roomId ?? '',
    message:
      body.message ??
      `The nickname "${request.activeNickname ?? nickname}" is already taken in this room. Please choose another.`,
  };
}
