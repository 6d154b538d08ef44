import { api } from '../../../lib/api-client';

export function unblockIp(ip: string): Promise<{ success: boolean; message: string }> {
  return api.post<{ success: boolean; message: string }>('/admin/security/unblock', { ip });
}
