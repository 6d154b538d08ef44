/**
 * A block is for every request of the address, open sockets included: a socket outlives the
 * request that opened it, so a blocked network would otherwise keep chatting.
 */
import { describe, expect, it } from 'vitest';
import { Client } from './support/api';
import { createRoom, joinRoom, signedInOwnAddress } from './support/rooms';
import { becomesBlocked } from './support/security-state';
import { endedWithNotice, TestSocket } from './support/socket';

describe('an address that gets blocked', () => {
  it('loses its open sockets at once, with a notice; another address keeps chatting', async () => {
    const abuser = await signedInOwnAddress();
    const roomId = await createRoom(abuser.client, 'Blocked', 'Abuser');
    const bystander = await signedInOwnAddress();
    await joinRoom(bystander.client, roomId, 'Bystander');
    const a = await TestSocket.joined(abuser.client, roomId, 'Abuser');
    const b = await TestSocket.joined(bystander.client, roomId, 'Bystander');

    const started = Date.now();
    for (let i = 0; i < 13; i++) await abuser.client.call('/admin/stats');
    expect(await becomesBlocked(abuser.client.ip)).toBe(true);
    await endedWithNotice(a, 'Your network has been blocked', started, 3000);

    expect(b.closed).toBe(false);
    expect(await b.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
    const reopen = new Client();
    reopen.ip = abuser.client.ip;
    reopen.cookie = abuser.client.cookie;
    await expect(TestSocket.open(reopen, roomId)).rejects.toThrow('upgrade refused with 429');
    b.close();
  });
});
