import { describe, expect, it } from 'vitest';
import { signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { waitForBroadcast } from './support/broadcasts';
import { createRoom } from './support/rooms';
import { TestSocket } from './support/socket';

async function roomWithSocket(name: string) {
  const member = await signedInClient();
  const roomId = await createRoom(member.client, name, 'Member');
  const socket = await TestSocket.joined(member.client, roomId, 'Member');
  return { member, roomId, socket };
}

describe('POST /api/admin/broadcast', () => {
  it('reaches exactly the targeted room, with the right type and an admin-broadcast event', async () => {
    const admin = await signedInAdmin();
    const target = await roomWithSocket('Target');
    const other = await roomWithSocket('Other');
    const res = await admin.client.call('/admin/broadcast', {
      body: {
        roomId: target.roomId,
        message: 'Maintenance at <b>noon</b>',
        messageType: 'system-simple',
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: 'Broadcast sent successfully', rooms: 1 });
    const [broadcast] = await target.socket.waitForEvent('admin-broadcast');
    expect(broadcast.message).toMatchObject({
      messageType: 'system-simple',
      text: 'Maintenance at &lt;b&gt;noon&lt;/b&gt;',
    });
    expect(
      target.socket
        .events('message')
        .some((m) => m.messageType === 'system-simple' && m.text.startsWith('Maintenance')),
    ).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(other.socket.events('admin-broadcast')).toEqual([]);
    target.socket.close();
    other.socket.close();
  });

  it("reaches every room with 'all', and sanitizes System Fancy against the allowlist", async () => {
    const admin = await signedInAdmin();
    const rooms = [await roomWithSocket('One'), await roomWithSocket('Two')];
    const message =
      '<b>Bold</b> <i>it</i> <a href="https://x.example" onclick="evil()">link</a> <a href="javascript:alert(1)">bad</a><script>alert(1)</script><img src=x onerror=alert(1)><ul><li>item</li></ul>';
    const res = await admin.client.call('/admin/broadcast', {
      body: { roomId: 'all', message, messageType: 'system-fancy' },
    });
    // Queued: the answer comes before the rooms hear it, and names the broadcast to follow.
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ success: true, message: 'Broadcast sent successfully' });
    const status = await waitForBroadcast(admin.client, res.body.broadcastId);
    expect(status.failed).toBe(0);
    expect(status.delivered).toBe(status.total);
    expect(status.total).toBeGreaterThanOrEqual(rooms.length);
    for (const { socket } of rooms) {
      const [{ message: got }] = await socket.waitForEvent('admin-broadcast');
      expect(got.messageType).toBe('system-fancy');
      expect(got.text).toContain('<b>Bold</b>');
      expect(got.text).toContain(
        '<a href="https://x.example" target="_blank" rel="noopener noreferrer nofollow">link</a>',
      );
      expect(got.text).toContain('<ul><li>item</li></ul>');
      expect(got.text).not.toMatch(/onclick|onerror|javascript:|<script|<img/i);
      socket.close();
    }
  });

  it("delivers 'As User' as a stored message from ChatModerator", async () => {
    const admin = await signedInAdmin();
    const room = await roomWithSocket('Stored');
    await admin.client.call('/admin/broadcast', {
      body: { roomId: room.roomId, message: 'Hello all', messageType: 'user' },
    });
    const [message] = await room.socket
      .waitForEvent('message')
      .then((all) => all.filter((m) => m.messageType === 'user'));
    expect(message).toMatchObject({ id: 1, user: 'ChatModerator', text: 'Hello all' });
    expect(room.socket.events('admin-broadcast')).toEqual([]);
    room.socket.close();
  });

  it('refuses an empty message and an unknown type', async () => {
    const admin = await signedInAdmin();
    const empty = await admin.client.call('/admin/broadcast', {
      body: { roomId: 'all', message: '   ' },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Please enter a message to broadcast');
    // HTML that renders to nothing to see is as empty as blank text.
    for (const message of ['<b></b>', '<p><br></p>', '<img src="x">']) {
      const blank = await admin.client.call('/admin/broadcast', {
        body: { roomId: 'all', message, messageType: 'system-fancy' },
      });
      expect(blank.status, message).toBe(400);
      expect(blank.body.error).toBe('Please enter a message to broadcast');
    }
    const badType = await admin.client.call('/admin/broadcast', {
      body: { roomId: 'all', message: 'x', messageType: 'loud' },
    });
    expect(badType.status).toBe(400);
    const noRoom = await admin.client.call('/admin/broadcast', {
      body: { roomId: 'abcdefghijklmnopqrstuv', message: 'x' },
    });
    expect(noRoom.status).toBe(404);
  });

  it('refuses as a type the names every object has (constructor, __proto__), delivering nothing', async () => {
    const admin = await signedInAdmin();
    const room = await roomWithSocket('Typed');
    for (const messageType of ['constructor', '__proto__', 'CONSTRUCTOR']) {
      for (const roomId of [room.roomId, 'all']) {
        const res = await admin.client.call('/admin/broadcast', {
          body: { roomId, message: 'odd type', messageType },
        });
        expect(res.status, `${messageType} to ${roomId}`).toBe(400);
        expect(res.body.error).toBe(
          "messageType must be 'system-simple', 'system-fancy' or 'user'",
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(room.socket.events('admin-broadcast')).toEqual([]);
    room.socket.close();
  });
});

describe('DELETE /api/admin/rooms/:roomId', () => {
  it('delivers room-deleted, closes the sockets, clears current rooms; a second delete is a 404', async () => {
    const admin = await signedInAdmin();
    const { member, roomId, socket } = await roomWithSocket('Doomed');
    const [first, second] = await Promise.all([
      admin.client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' }),
      admin.client.call(`/admin/rooms/${roomId}`, { method: 'DELETE' }),
    ]);
    expect([first.status, second.status].sort()).toEqual([200, 404]);
    const [deleted] = await socket.waitForEvent('room-deleted');
    expect(deleted).toEqual({ roomId });
    await socket.waitFor((frame) => frame === '41');
    expect((await member.client.call('/auth/login/current')).body.user.roomId).toBeNull();
    expect((await member.client.call('/rooms')).body).toEqual([]);
  });
});
