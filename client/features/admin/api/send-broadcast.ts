import type { MessageType } from '../../../../contract/realtime';
import { api } from '../../../lib/api-client';

export interface BroadcastInput {
  /** 'all' or one room's id. */
  roomId: string;
  message: string;
  messageType: MessageType;
}

export interface BroadcastResponse {
  success: boolean;
  message: string;
  /** How many rooms the message reached. */
  rooms: number;
}

export function sendBroadcast(input: BroadcastInput): Promise<BroadcastResponse> {
  return api.post<BroadcastResponse>('/admin/broadcast', input);
}
