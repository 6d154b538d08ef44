import type { ChatRoom } from './chat-room';

/** The Durable Object of one room: the same id always reaches the same object. */
export function roomStub(
  env: Env,
  roomId: string,
  locationHint?: DurableObjectLocationHint,
): DurableObjectStub<ChatRoom> {
  return env.CHAT_ROOM.get(env.CHAT_ROOM.idFromName(roomId), { locationHint });
}
