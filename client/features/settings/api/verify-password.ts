import { useMutation } from '@tanstack/react-query';
import type { SuccessResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

/** Resolves when the password is right; rejects with the server's ApiError otherwise. */
export async function verifyPassword(password: string): Promise<void> {
  await api.post<SuccessResponse>('/auth/settings/verify', { password });
}

export function useVerifyPassword() {
  return useMutation({ mutationFn: verifyPassword });
}
