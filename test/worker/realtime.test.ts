import { env } from 'cloudflare:test';
import { describe, expect, it, vi } from 'vitest';
import { Client, signedInClient } from './support/api';
import { createRoom, joinRoom, ownerAndGuest } from './support/rooms';
import { TestSocket } from './support/socket';

describe('connecting to a room over Socket.IO', () => {
  it('opens with the Engine.IO handshake and answers CONNECT with a sid', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client);
    const { socket, answer } = await TestSocket.connect(client, roomId);
    const open = JSON.parse(socket.frames[0]!.slice(1));
    expect(open).toMatchObject({
      sid: expect.any(String),
      upgrades: [],
      pingInterval: 25000,
      pingTimeout: 20000,
    });
    // The Socket.IO sid is not the Engine.IO one; the pid is the private recovery id.
    const { sid, pid } = JSON.parse(answer.slice(2));
    expect(sid).toEqual(expect.any(String));
    expect(pid).toEqual(expect.any(String));
    expect(sid).not.toBe(open.sid);
    expect(pid).not.toBe(sid);
    socket.close();
  });

  it('refuses a visitor without a session with a CONNECT_ERROR that says why', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client);
    const { answer } = await TestSocket.connect(null, roomId);
    expect(answer).toBe('44{"message":"Not authenticated","data":{"code":"not_authenticated"}}');
  });

  it('refuses a signed-in non-member and an unknown room', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client);
    const stranger = await signedInClient();
    expect((await TestSocket.connect(stranger.client, roomId)).answer).toBe(
      '44{"message":"You are not a member of this room","data":{"code":"not_member"}}',
    );
    expect((await TestSocket.connect(stranger.client, 'abcdefghijklmnopqrstuv')).answer).toBe(
      '44{"message":"Room not found","data":{"code":"room_not_found"}}',
    );
  });

  it('refuses an upgrade from another origin', async () => {
    const { client } = await signedInClient();
    const roomId = await createRoom(client);
    const { answer } = await TestSocket.connect(client, roomId, 'https://evil.example');
    expect(answer).toBe(
      '44{"message":"Cross-origin connection refused","data":{"code":"cross_origin"}}',
    );
  });
});

describe('join, sendMessage and leave', () => {
  it('delivers a message to every joined socket, with server-assigned id, author and time', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');

    const ack = await a.emit('sendMessage', {
      text: '  hello there  ',
      roomId,
      user: 'Spoofed',
      id: 999,
    });
    expect(ack).toEqual({});
    // The users' messages alone: a notice of the join may come before or after them.
    const usersAt = (socket: TestSocket) =>
      socket.events('message').filter((m) => m.messageType === 'user');
    await b.waitFor(() => usersAt(b).length >= 1);
    const [atB] = usersAt(b);
    expect(atB).toEqual({
      id: 1,
      user: 'Owner',
      text: 'hello there',
      messageType: 'user',
      createdAt: expect.any(Number),
    });
    await a.waitFor(() => usersAt(a).length >= 1);
    expect(usersAt(a)).toEqual([atB]);

    await b.emit('sendMessage', { text: 'hi!', roomId });
    await a.waitFor(() => usersAt(a).length >= 2);
    expect(usersAt(a).map((m) => m.id)).toEqual([1, 2]);
    a.close();
    b.close();
  });

  it('sends the history on join, oldest first, and roomData with who is online', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    for (const text of ['one', 'two', 'three']) await a.emit('sendMessage', { text, roomId });
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    const [history] = b.events('chatHistory');
    expect(history.map((m: { text: string }) => m.text)).toEqual(['one', 'two', 'three']);
    const roomData = (await a.waitForEvent('roomData', 2)).at(-1);
    expect(roomData).toEqual({
      room: roomId,
      name: 'Live',
      users: [{ nickname: 'Guest' }, { nickname: 'Owner' }],
    });
    const joinedNotice = (await a.waitForEvent('message', 4)).find(
      (m) => m.messageType === 'system-simple',
    );
    expect(joinedNotice.text).toBe('Guest has joined the room');
    a.close();
    b.close();
  });

  it('resumes history after the last message a reconnecting client shows', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    for (const text of ['m1', 'm2', 'm3', 'm4']) await a.emit('sendMessage', { text, roomId });
    a.close();
    const { socket } = await TestSocket.connect(owner.client, roomId);
    await socket.emit('join', { name: 'Owner', room: roomId, lastMessageId: 2 });
    const [history] = await socket.waitForEvent('chatHistory');
    expect(history.map((m: { id: number }) => m.id)).toEqual([3, 4]);
    socket.close();
  });

  it('follows a nickname changed through the API while the socket was open', async () => {
    const { guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const { socket } = await TestSocket.connect(guest.client, roomId);
    await joinRoom(guest.client, roomId, 'Renamed');
    expect(await socket.emit('join', { name: 'Guest', room: roomId })).toEqual({
      error: 'You are in this room as "Renamed"',
      code: 'in_room_as',
      nickname: 'Renamed',
    });
    expect(await socket.emit('join', { name: 'Renamed', room: roomId })).toEqual({});
    socket.close();
  });

  it('refuses a join from a tab of another account than the one whose cookie it carries', async () => {
    // A tab of the owner's, left open while the guest signed in on the same browser: its
    // reconnect carries the guest's cookie. Its join names the owner's account, so it is not
    // told the guest's nickname (and does not send the owner's waiting texts under it).
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const { socket } = await TestSocket.connect(guest.client, roomId);
    expect(
      await socket.emit('join', { name: 'Owner', room: roomId, account: owner.user.id }),
    ).toEqual({ error: 'Not authenticated', code: 'not_authenticated' });
    await socket.waitForClose();
    const mine = await TestSocket.connect(guest.client, roomId);
    expect(
      await mine.socket.emit('join', { name: 'Guest', room: roomId, account: guest.user.id }),
    ).toEqual({});
    mine.socket.close();
  });

  it('acknowledges every refusal with an error', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Live' });
    const { socket } = await TestSocket.connect(owner.client, roomId);
    expect(await socket.emit('sendMessage', { text: 'early', roomId })).toEqual({
      error: 'Join the room before sending messages',
      code: 'not_joined',
    });
    expect(await socket.emit('join', { name: 'SomeoneElse', room: roomId })).toEqual({
      error: 'You are in this room as "Owner"',
      code: 'in_room_as',
      nickname: 'Owner',
    });
    expect(await socket.emit('join', { name: 'Owner', room: 'another-room-id-000000' })).toEqual({
      error: 'This connection is for another room',
      code: 'wrong_room',
    });
    // A malformed join is told its form, not that the room is another.
    const form =
      'join takes { name: <your nickname here>, room: <room id>, lastMessageId?: <message id> }';
    for (const bad of [
      { name: 'Owner', room: roomId, lastMessageId: -1 },
      { name: 'Owner', room: roomId, lastMessageId: '5' },
      { name: 'n'.repeat(101), room: roomId },
      { name: 'Owner' },
    ]) {
      expect(await socket.emit('join', bad), JSON.stringify(bad)).toEqual({
        error: form,
        code: 'invalid_payload',
      });
    }
    expect(await socket.emit('join', { name: 'owner', room: roomId })).toEqual({});
    expect(await socket.emit('sendMessage', { text: '   ', roomId })).toEqual({
      error: 'Message cannot be empty',
      code: 'empty_message',
    });
    expect(await socket.emit('sendMessage', { text: 'x'.repeat(2001), roomId })).toEqual({
      error: 'Message cannot exceed 2000 characters',
      code: 'message_too_long',
    });
    expect(await socket.emit('sendMessage', { text: 42, roomId })).toEqual({
      error: 'Message cannot be empty',
      code: 'empty_message',
    });
    expect(await socket.emit('whatever', {})).toEqual({
      error: "Unknown event 'whatever'",
      code: 'unknown_event',
    });
    expect(await socket.emit('leave', { room: roomId })).toEqual({ result: 'You left the room' });
    expect(await socket.emit('sendMessage', { text: 'after leave', roomId })).toEqual({
      error: 'Join the room before sending messages',
      code: 'not_joined',
    });
    socket.close();
  });

  it('limits a socket to about 5 messages a second with bursts of 10', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const acks = await Promise.all(
      Array.from({ length: 14 }, (_, i) => a.emit('sendMessage', { text: `m${i}`, roomId })),
    );
    const refused = acks.filter((ack) => ack.error === 'You are sending messages too fast');
    expect(acks.length - refused.length).toBeGreaterThanOrEqual(10);
    expect(refused.length).toBeGreaterThanOrEqual(3);
    a.close();
  });

  it('stores and sends markup escaped, and only http(s) links as links', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    await a.emit('sendMessage', {
      text: '<img src=x onerror=alert(1)> see https://example.com/a?b=1&c=2\njavascript:alert(1)',
      roomId,
    });
    const [message] = (await b.waitForEvent('message', 1)).filter((m) => m.messageType === 'user');
    expect(message.text).toBe(
      '&lt;img src=x onerror=alert(1)&gt; see <a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer nofollow">https://example.com/a?b=1&amp;c=2</a><br>javascript:alert(1)',
    );
    a.close();
    b.close();
  });

  it('tells the room when a member leaves', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    b.close();
    await a.waitFor((frame) => frame.includes('Guest has left the room'));
    const lastRoomData = () => a.events('roomData').at(-1);
    await a.waitFor(() => lastRoomData()?.users.length === 1);
    expect(lastRoomData().users).toEqual([{ nickname: 'Owner' }]);
    a.close();
  });
});

describe('hostile frames', () => {
  it('ends the transport of a socket that sends a malformed packet, and serves the others', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    b.send('42["sendMessage", {broken');
    await b.waitForClose();
    // No DISCONNECT: as with the reference server, the client reconnects on its own.
    expect(b.frames).not.toContain('41');
    expect(await a.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
    a.close();
  });

  it('answers a CONNECT to another namespace with an error, and ends a socket using it anyway', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    b.send('40/admin,');
    expect(await b.waitFor((f) => f.startsWith('44/admin,'))).toBe(
      '44/admin,{"message":"Invalid namespace"}',
    );
    // The refused CONNECT left the transport open; a packet for that namespace ends it.
    expect(await b.emit('sendMessage', { text: 'straight', roomId })).toEqual({});
    b.send(`42/admin,7${JSON.stringify(['sendMessage', { text: 'sideways', roomId }])}`);
    await b.waitForClose();
    expect(b.frames.some((f) => f.startsWith('43/admin,'))).toBe(false);
    expect(b.frames).not.toContain('41');
    expect(await a.emit('sendMessage', { text: 'after', roomId })).toEqual({});
    await a.waitFor((frame) => frame.includes('"after"'));
    const texts = a.events('message').map((m) => m.text);
    expect(texts).toEqual(expect.arrayContaining(['straight', 'after']));
    expect(texts).not.toContain('sideways');
    a.close();
  });

  it('ends a socket that floods the room with frames, logs it, and keeps serving the others', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    for (let i = 0; i < 200; i++) b.send(`42${JSON.stringify(['noise', i])}`);
    await b.waitForClose();
    expect(b.frames).toContain('41');
    expect(await a.emit('sendMessage', { text: 'calm', roomId })).toEqual({});
    // The event is written after the socket ends (waitUntil), so it may land a moment later.
    await vi.waitFor(async () => {
      const logged = await env.DB.prepare(
        "SELECT details FROM security_events WHERE event_type = 'rate_limited' AND user_id = ?",
      )
        .bind(guest.user.id)
        .all<{ details: string }>();
      expect(logged.results.map((row) => JSON.parse(row.details).limit)).toContain('socket-frames');
    });
    a.close();
  });

  it('refuses binary frames and oversized frames', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    a.send(new Uint8Array([1, 2, 3]).buffer);
    await a.waitForClose();
    const b = await TestSocket.joined(owner.client, roomId, 'Owner');
    b.send(`42${JSON.stringify(['sendMessage', { text: 'x'.repeat(1024 * 1024), roomId }])}`);
    await b.waitForClose();
  });
});

describe('kicking', () => {
  it('lets the owner kick a member: their socket is told and disconnected, the room is told', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    const res = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('User Guest kicked successfully.');
    await b.waitFor((frame) => frame === '41');
    expect(b.events('message').some((m) => m.text === 'You have been removed from this room')).toBe(
      true,
    );
    await a.waitFor((frame) => frame.includes('Guest was removed from the room'));
    const members = await owner.client.call(`/rooms/${roomId}/members`);
    expect(members.body.members.map((m: { activeNickname: string }) => m.activeNickname)).toEqual([
      'Owner',
    ]);
    // A kick bans: the reconnect is refused, and says why (socket-bans.test.ts has more).
    expect((await TestSocket.connect(guest.client, roomId)).answer).toBe(
      '44{"message":"You have been banned from this room","data":{"code":"banned"}}',
    );
    a.close();
  });
});

describe('GET /api/rooms/:roomId/members and POST /kick permissions', () => {
  it('shows members to the owner only, with the creator and isOwner', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const res = await owner.client.call(`/rooms/${roomId}/members`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      isOwner: true,
      roomCreator: owner.user.id,
      members: [
        {
          _id: expect.any(String),
          activeNickname: 'Owner',
          userId: {
            id: owner.user.id,
            _id: owner.user.id,
            email: owner.account.email,
            emailVerified: false,
          },
        },
        {
          _id: expect.any(String),
          activeNickname: 'Guest',
          userId: {
            id: guest.user.id,
            _id: guest.user.id,
            email: guest.account.email,
            emailVerified: false,
          },
        },
      ],
    });
    expect((await guest.client.call(`/rooms/${roomId}/members`)).status).toBe(403);
    expect((await new Client().call(`/rooms/${roomId}/members`)).status).toBe(401);
    expect((await owner.client.call('/rooms/unknown-room-id-0000000/members')).status).toBe(404);
  });

  it('refuses kicks by members, of oneself, and of non-members', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Live' });
    const byGuest = await guest.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: owner.user.id },
    });
    expect(byGuest.status).toBe(403);
    const self = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: owner.user.id },
    });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('You cannot kick yourself');
    const stranger = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: 'nobody' },
    });
    expect(stranger.status).toBe(404);
    const missing = await owner.client.call(`/rooms/${roomId}/kick`, { body: {} });
    expect(missing.status).toBe(400);
  });
});
