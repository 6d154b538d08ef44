/**
 * A blocked address keeps its signed-in administrators: an attacker sharing their network (a
 * NAT, an office) must not lock them out of the controls. Their requests and socket upgrades
 * pass the block, and so must their open sockets, which the block ends for everyone else.
 */
import { describe, expect, it } from 'vitest';
import { signedInAdmin } from './support/admin';
import { createRoom, signedInOwnAddress } from './support/rooms';
import { becomesBlocked } from './support/security-state';
import { endedWithNotice, TestSocket } from './support/socket';
import { sleep } from './support/room-object';

describe('an address that gets blocked', () => {
  it('keeps the open sockets of an administrator behind it, and ends the others', async () => {
    const abuser = await signedInOwnAddress();
    const roomId = await createRoom(abuser.client, 'Shared network', 'Abuser');
    const admin = await signedInAdmin();
    admin.client.ip = abuser.client.ip;
    const joined = await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' });
    expect(joined.status).toBe(200);
    const moderator = await TestSocket.joined(admin.client, roomId, joined.body.activeNickname);
    const theirs = await TestSocket.joined(abuser.client, roomId, 'Abuser');

    const started = Date.now();
    for (let i = 0; i < 13; i++) await abuser.client.call('/admin/stats');
    expect(await becomesBlocked(abuser.client.ip)).toBe(true);
    await endedWithNotice(theirs, 'Your network has been blocked', started, 3000);

    expect(moderator.closed).toBe(false);
    expect(await moderator.emit('sendMessage', { text: 'still moderating', roomId })).toEqual({});

    // A socket of theirs into a room this address had not reached is let in during the
    // block, and stays once that room has noted the address (address-notes.ts closes a
    // blocked address's sockets then).
    const elsewhere = await signedInOwnAddress();
    const otherRoomId = await createRoom(elsewhere.client, 'Another room', 'Owner');
    const otherJoin = await admin.client.call(`/admin/join/${otherRoomId}`, { method: 'POST' });
    expect(otherJoin.status).toBe(200);
    const again = await TestSocket.joined(admin.client, otherRoomId, otherJoin.body.activeNickname);
    await sleep(1500);
    expect(again.closed).toBe(false);
    expect(await again.emit('sendMessage', { text: 'and again', roomId: otherRoomId })).toEqual({});
    moderator.close();
    again.close();
  });
});
