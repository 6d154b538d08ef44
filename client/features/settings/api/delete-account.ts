import { useMutation } from '@tanstack/react-query';
import type { SuccessMessageResponse } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

/** The password travels in the DELETE body, as the spec's call table says. */
export async function deleteAccount(password: string): Promise<void> {
  await api.delete<SuccessMessageResponse>('/auth/settings/account', { password });
}

/** The caller signs out on success: it must first leave the guarded page (see the dialog). */
export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
