import { useMutation } from '@tanstack/react-query';
import type { LoginRequest } from '../../../../contract/auth';
import type { PublicUser, UserResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';
import { useSession } from '../../../lib/session/use-session';

export type LoginInput = LoginRequest;

export async function login(input: LoginInput): Promise<PublicUser> {
  const { user } = await api.post<UserResponse>('/auth/login', input);
  return user;
}

/** Signs in; the answer's user becomes the session's at once. A failure leaves it unchanged. */
export function useLogin() {
  const { setUser } = useSession();
  return useMutation({ mutationFn: login, onSuccess: (user) => setUser(user) });
}
