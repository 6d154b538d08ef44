/** What the API says about a user. Never carries a hash, a salt or a token. */
export type Role = 'user' | 'admin';

/** A role read from outside the type system (a raw D1 row, a forwarded header): 'admin' or 'user'. */
export function asRole(value: unknown): Role {
  return value === 'admin' ? 'admin' : 'user';
}

export interface PublicUser {
  id: string;
  email: string;
  role: Role;
  /** The nickname given at registration. */
  nickname: string;
  /** The nickname used in the current room, if any. */
  activeNickname: string | null;
  /** The room the user is in now, if any. */
  roomId: string | null;
  /**
   * 'Share when I have read messages': others see how far this person has read, and they see
   * how far others have. On unless turned off (PATCH /api/user/preferences).
   */
  shareReads: boolean;
}

export interface UserResponse {
  user: PublicUser;
}

export interface MessageResponse {
  message: string;
}

/** An action that has nothing to tell: logout, a password check. */
export interface SuccessResponse {
  success: true;
}

/** A finished action and the sentence to show for it: a deletion, an unblock. */
export interface SuccessMessageResponse extends SuccessResponse {
  message: string;
}

/** PUT /api/auth/settings/email: the user with the new address. */
export interface EmailUpdatedResponse {
  message: string;
  user: PublicUser;
}

/** Every API error has this shape, whatever its status. */
export interface ApiErrorBody {
  error: string;
}
