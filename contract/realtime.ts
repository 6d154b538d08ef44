/**
 * The realtime contract: Socket.IO events between the browser and a room's Durable Object.
 * Every acknowledgement is an object, so a client can always read `error` from it.
 */
export const SOCKET_PATH = '/socket.io';
export const MESSAGE_MAX_LENGTH = 2000;
export const HISTORY_PAGE = 50;

export type MessageType = 'user' | 'system-simple' | 'system-fancy';

export interface ChatMessage {
  /** Increasing within a room for stored messages; a 'notice-…' string for passing notices. */
  id: number | string;
  /** The author's nickname in the room. */
  user: string;
  /** Safe HTML produced by the server. */
  text: string;
  messageType: MessageType;
  createdAt: number;
}

export interface RoomData {
  room: string;
  name: string;
  users: { nickname: string }[];
}

export interface JoinPayload {
  name: string;
  room: string;
  /** The newest message id the client already shows: history resumes after it. */
  lastMessageId?: number;
}

export interface SendMessagePayload {
  text: string;
  roomId: string;
}

export interface Ack {
  error?: string;
}

export interface LeaveAck extends Ack {
  result?: string;
}

export interface ServerToClientEvents {
  message: (message: ChatMessage) => void;
  chatHistory: (messages: ChatMessage[]) => void;
  roomData: (data: RoomData) => void;
  'admin-broadcast': (broadcast: { message: ChatMessage }) => void;
  'room-deleted': (event: { roomId: string }) => void;
}

export interface ClientToServerEvents {
  join: (payload: JoinPayload, ack: (ack: Ack) => void) => void;
  sendMessage: (payload: SendMessagePayload, ack: (ack: Ack) => void) => void;
  leave: (payload: { room: string }, ack: (ack: LeaveAck) => void) => void;
}
