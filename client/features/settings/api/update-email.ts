import type { PublicUser } from '../../../../contract/user';
import { api } from '../../../lib/api-client';

export interface UpdateEmailResponse {
  message?: string;
  user: PublicUser;
}

export function updateEmail(currentPassword: string, newEmail: string) {
  return api.put<UpdateEmailResponse>('/auth/settings/email', { currentPassword, newEmail });
}
