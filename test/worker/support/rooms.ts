import type { Client } from './api';

/** Creates a room as `client` and answers its id. */
export async function createRoom(client: Client, roomName = 'Test room', activeNickname?: string) {
  const res = await client.call('/join', { body: { roomName, activeNickname } });
  if (res.status !== 200) throw new Error(`room creation failed: ${JSON.stringify(res.body)}`);
  return res.body.roomId as string;
}

export async function joinRoom(client: Client, roomId: string, activeNickname?: string) {
  return client.call('/join', { body: { roomId, activeNickname } });
}
