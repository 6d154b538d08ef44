import type { JoinResponse, NicknameConflict } from '../../../../contract/rooms';
import { api, ApiError } from '../../../lib/api-client';

export interface JoinRequest {
  /** Joins this room (an invitation)... */
  roomId?: string;
  /** ...or creates a room with this name. */
  roomName?: string;
  activeNickname?: string;
}

/** Creates or joins a room and makes it the person's current one. */
export function joinRoom(request: JoinRequest): Promise<JoinResponse> {
  return api.post<JoinResponse>('/join', request);
}

export interface Conflict {
  roomId: string;
  message: string;
}

/**
 * The 409 of a nickname somebody in the room already holds, or null for any other failure.
 * ApiError keeps only the `error` text, so the server's message is rebuilt in its own words
 * unless the error carries the body.
 */
export function conflictOf(
  error: unknown,
  request: JoinRequest,
  nickname: string,
): Conflict | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  if (error.serverError !== 'nickname_conflict') return null;
  const body: Partial<NicknameConflict> =
    'body' in error && error.body && typeof error.body === 'object' ? error.body : {};
  return {
    roomId: body.roomId ?? request.roomId ?? '',
    message:
      body.message ??
      `The nickname "${request.activeNickname ?? nickname}" is already taken in this room. Please choose another.`,
  };
}
