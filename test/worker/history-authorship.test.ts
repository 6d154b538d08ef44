/**
 * A history frame says, for the socket it goes to, which messages its account wrote (`mine`).
 * A nickname given up can be taken by another account: by name alone, its new holder's client
 * would offer Edit and Delete on the old messages (which the room refuses), and the renamed
 * author's would hide them (which the room allows).
 */
import { describe, expect, it } from 'vitest';
import { signedInClient } from './support/api';
import { post } from './support/messages';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

type Listed = { id: number; user: string; mine?: boolean };

describe('whose messages a history frame says are yours', () => {
  it('marks the account’s own, not the nickname’s next holder’s', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Names', 'Owner');
    const author = await signedInClient();
    expect((await joinRoom(author.client, roomId, 'Sam')).status).toBe(200);
    const asSam = await TestSocket.joined(author.client, roomId, 'Sam');
    const original = await post(asSam, roomId, 'hello from the first Sam');
    // Sent live to everyone: no per-person mark.
    expect(original.mine).toBeUndefined();
    // The author takes another name; someone else takes 'Sam'.
    expect((await joinRoom(author.client, roomId, 'Alice')).status).toBe(200);
    const next = await signedInClient();
    expect((await joinRoom(next.client, roomId, 'Sam')).status).toBe(200);

    const nextSocket = await TestSocket.joined(next.client, roomId, 'Sam');
    const [nextHistory] = (await nextSocket.waitForEvent('chatHistory')) as [Listed[]];
    expect(nextHistory.find((m) => m.id === original.id)).toMatchObject({
      user: 'Sam',
      mine: false,
    });
    // The room agrees: the new Sam may not edit it.
    const edit = await nextSocket.emit('editMessage', { messageId: original.id, text: 'mine' });
    expect(edit.code).toBe('not_allowed');

    const authorSocket = await TestSocket.joined(author.client, roomId, 'Alice');
    const [authorHistory] = (await authorSocket.waitForEvent('chatHistory')) as [Listed[]];
    expect(authorHistory.find((m) => m.id === original.id)).toMatchObject({ mine: true });
    // Pages asked for later say so too.
    const older = await authorSocket.emit('loadHistory', { before: original.id + 1 });
    expect((older.messages as Listed[]).find((m) => m.id === original.id)?.mine).toBe(true);
    const around = await nextSocket.emit('loadHistory', { around: original.id });
    expect((around.messages as Listed[]).find((m) => m.id === original.id)?.mine).toBe(false);
  });
});
