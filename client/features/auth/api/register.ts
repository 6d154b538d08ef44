import type { PublicUser, UserResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export interface RegisterInput {
  email: string;
  password: string;
  nickname: string;
}

/** Creates the account only: the server sets no cookie, so the person logs in next. */
export async function register(input: RegisterInput): Promise<PublicUser> {
  const { user } = await api.post<UserResponse>('/auth/register', input);
  return user;
}
