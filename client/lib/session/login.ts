import type { PublicUser, UserResponse } from '../../../contract/user';
import { api } from '../api-client';

export async function login(email: string, password: string): Promise<PublicUser> {
  const { user } = await api.post<UserResponse>('/auth/login', { email, password });
  return user;
}
