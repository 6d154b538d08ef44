/** The admin calls (spec points 6 and 7). */
import { z } from 'zod';
import type { MessageType } from './realtime';

export const BROADCAST_MAX_LENGTH = 2000;

/** The form's three types, by wire name; the labels are accepted too. */
const BROADCAST_TYPES: Record<string, MessageType> = {
  'system-simple': 'system-simple',
  'system simple': 'system-simple',
  'system-fancy': 'system-fancy',
  'system fancy': 'system-fancy',
  user: 'user',
  'as user': 'user',
  'as-user': 'user',
};

export const broadcastBody = z.object({
  roomId: z
    .string({ error: 'Choose a room or all rooms' })
    .trim()
    .min(1, 'Choose a room or all rooms'),
  message: z
    .string({ error: 'Please enter a message to broadcast' })
    .trim()
    .min(1, 'Please enter a message to broadcast')
    .max(BROADCAST_MAX_LENGTH, `Broadcast cannot exceed ${BROADCAST_MAX_LENGTH} characters`),
  messageType: z
    .string()
    .optional()
    .transform((type) =>
      type === undefined ? 'system-simple' : BROADCAST_TYPES[type.trim().toLowerCase()],
    )
    .refine((type): type is MessageType => type !== undefined, {
      message: "messageType must be 'system-simple', 'system-fancy' or 'user'",
    }),
});

export const unblockBody = z.object({
  ip: z.string({ error: 'ip is required' }).trim().min(1, 'ip is required').max(64),
});

export interface AdminStats {
  users: number;
  rooms: number;
  messages: number;
}

export interface AdminUser {
  id: string;
  _id: string;
  email: string;
  role: 'user' | 'admin';
  nickname: string;
  createdAt: number;
}

export interface AdminRoom {
  _id: string;
  roomId: string;
  name: string;
  createdBy: { id: string; _id: string; email: string } | null;
  createdAt: number;
}

export interface SecurityEvent {
  id: number;
  eventType: string;
  timestamp: string;
  details: Record<string, unknown>;
}

export interface SecuritySummary {
  hours: number;
  total: number;
  byType: Record<string, number>;
}

export interface IpViolation {
  ip: string;
  threatScore: number;
  violationCount: number;
  lastSeen: string;
  status: 'ok' | 'watchlist' | 'blocked';
}

export interface IpStats {
  blockedCount: number;
  watchlistCount: number;
  recentViolations: IpViolation[];
}
