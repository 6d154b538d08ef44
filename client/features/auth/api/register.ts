import { useMutation } from '@tanstack/react-query';
import type { RegisterRequest } from '../../../../contract/auth';
import type { PublicUser, UserResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export type RegisterInput = RegisterRequest;

/** Creates the account only: the server sets no cookie, so the person logs in next. */
export async function register(input: RegisterInput): Promise<PublicUser> {
  const { user } = await api.post<UserResponse>('/auth/register', input);
  return user;
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
