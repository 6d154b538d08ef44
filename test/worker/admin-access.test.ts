import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { Client, signedInClient } from './support/api';
import { signedInAdmin } from './support/admin';
import { createRoom } from './support/rooms';
import { joinAsModerator } from '../../worker/admin/join-as-moderator';
import { openDb } from '../../worker/db/client';
import { findUserById } from '../../worker/users/find-user';

const ADMIN_ROUTES: [string, string, unknown?][] = [
  ['GET', '/admin/stats'],
  ['GET', '/admin/users'],
  ['GET', '/admin/rooms'],
  ['GET', '/admin/security/logs?limit=100'],
  ['GET', '/admin/security/summary?hours=24'],
  ['GET', '/admin/security/ip-stats'],
  ['POST', '/admin/broadcast', { roomId: 'all', message: 'hi', messageType: 'system-simple' }],
  ['POST', '/admin/join/ROOM'],
  ['DELETE', '/admin/rooms/ROOM'],
  ['DELETE', '/admin/users/USER'],
  ['POST', '/admin/security/unblock', { ip: '203.0.113.9' }],
  ['GET', '/admin/broadcasts/no-such-broadcast'],
];

/** What an admin gets where it is not 200: a queued broadcast, an unknown address or id. */
const ADMIN_STATUS: Record<string, number> = {
  '/admin/broadcast': 202,
  '/admin/security/unblock': 404,
  '/admin/broadcasts/no-such-broadcast': 404,
};

describe('authorization matrix of /api/admin', () => {
  it('answers 401 to anonymous callers, 403 to users, and serves admins', async () => {
    const admin = await signedInAdmin();
    const user = await signedInClient();
    const anonymous = new Client();
    for (const [method, template, body] of ADMIN_ROUTES) {
      const roomId = await createRoom(user.client);
      const victim = await signedInClient();
      const path = template.replace('ROOM', roomId).replace('USER', victim.user.id);
      const anon = await anonymous.call(path, { method, body });
      expect(anon.status, `${method} ${path} anonymous`).toBe(401);
      const asUser = await user.client.call(path, { method, body });
      expect(asUser.status, `${method} ${path} as user`).toBe(403);
      expect(asUser.body.error).toBe('Admin access required');
      const asAdmin = await admin.client.call(path, { method, body });
      expect(asAdmin.status, `${method} ${path} as admin: ${JSON.stringify(asAdmin.body)}`).toBe(
        ADMIN_STATUS[template] ?? 200,
      );
    }
    const logs = await admin.client.call('/admin/security/logs?limit=500');
    const denied = logs.body.events.filter(
      (e: { eventType: string }) => e.eventType === 'access_denied',
    );
    // The anonymous caller's refusals are counted on one line, the user's are a line each.
    const total = denied.reduce((sum: number, e: { count: number }) => sum + e.count, 0);
    expect(total).toBeGreaterThanOrEqual(ADMIN_ROUTES.length * 2);
  });

  it('lets an admin see members and kick in any room, but not the creator or a moderator', async () => {
    const admin = await signedInAdmin();
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Modded', 'Owner');
    const member = await signedInClient();
    await member.client.call('/join', { body: { roomId, activeNickname: 'Member' } });
    const otherAdmin = await signedInAdmin();
    await otherAdmin.client.call(`/admin/join/${roomId}`, { method: 'POST' });

    const members = await admin.client.call(`/rooms/${roomId}/members`);
    expect(members.status).toBe(200);
    expect(members.body.isOwner).toBe(false);
    const kick = (targetUserId: string) =>
      admin.client.call(`/rooms/${roomId}/kick`, { body: { targetUserId } });
    expect((await kick(owner.user.id)).status).toBe(403);
    expect((await kick(otherAdmin.user.id)).status).toBe(403);
    expect((await kick(admin.user.id)).status).toBe(400);
    const kicked = await kick(member.user.id);
    expect(kicked.status).toBe(200);
    expect(kicked.body.message).toBe('User Member kicked successfully.');
    const logs = await admin.client.call('/admin/security/logs');
    expect(
      logs.body.events.find((e: { eventType: string }) => e.eventType === 'member_kicked').details,
    ).toMatchObject({
      roomId,
      kickedUserId: member.user.id,
      byRole: 'admin',
    });
    // The owner cannot kick a moderator either.
    const byOwner = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: otherAdmin.user.id },
    });
    expect(byOwner.status).toBe(403);
  });
});

describe('members list for moderation', () => {
  it('marks an administrator who joined under an ordinary nickname, whom no kick may remove', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Visited', 'Owner');
    const member = await signedInClient();
    await member.client.call('/join', { body: { roomId, activeNickname: 'Member' } });
    const admin = await signedInAdmin();
    const joined = await admin.client.call('/join', { body: { roomId, activeNickname: 'Plain' } });
    expect(joined.status).toBe(200);

    const members = await owner.client.call(`/rooms/${roomId}/members`);
    const entry = (id: string) =>
      members.body.members.find((m: { userId: { id: string } }) => m.userId.id === id);
    expect(entry(admin.user.id)).toMatchObject({ activeNickname: 'Plain', moderator: true });
    expect(entry(member.user.id).moderator).toBeUndefined();
    expect(entry(owner.user.id).moderator).toBeUndefined();
    // What the mark stands for: the owner's kick is refused.
    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: admin.user.id },
    });
    expect(kick.status).toBe(403);
    expect(kick.body.error).toBe('Moderators cannot be kicked');
  });
});

describe('admin reads', () => {
  it('counts users, rooms and messages, and lists users and rooms without secrets', async () => {
    const admin = await signedInAdmin();
    const creator = await signedInClient();
    const roomId = await createRoom(creator.client, 'Listed');
    const stats = await admin.client.call('/admin/stats');
    expect(stats.body).toEqual({
      users: expect.any(Number),
      rooms: expect.any(Number),
      messages: expect.any(Number),
    });
    expect(stats.body.users).toBeGreaterThanOrEqual(2);
    const users = await admin.client.call('/admin/users');
    expect(JSON.stringify(users.body)).not.toMatch(/hash|salt/i);
    expect(users.body.users.find((u: { id: string }) => u.id === admin.user.id)).toMatchObject({
      role: 'admin',
    });
    const rooms = await admin.client.call('/admin/rooms');
    expect(rooms.body.rooms.find((r: { roomId: string }) => r.roomId === roomId)).toEqual({
      _id: roomId,
      roomId,
      name: 'Listed',
      createdBy: { id: creator.user.id, _id: creator.user.id, email: creator.account.email },
      createdAt: expect.any(Number),
    });
  });

  it('shows a deleted creator as no creator', async () => {
    const admin = await signedInAdmin();
    const creator = await signedInClient();
    const roomId = await createRoom(creator.client, 'Orphan');
    expect(
      (await admin.client.call(`/admin/users/${creator.user.id}`, { method: 'DELETE' })).status,
    ).toBe(200);
    const rooms = await admin.client.call('/admin/rooms');
    expect(
      rooms.body.rooms.find((r: { roomId: string }) => r.roomId === roomId).createdBy,
    ).toBeNull();
    expect((await creator.client.call('/auth/login/current')).status).toBe(401);
  });

  it('refuses to delete an administrator, and 404s an unknown user', async () => {
    const admin = await signedInAdmin();
    const other = await signedInAdmin();
    const res = await admin.client.call(`/admin/users/${other.user.id}`, { method: 'DELETE' });
    expect(res.status).toBe(403);
    expect((await admin.client.call('/admin/users/nobody', { method: 'DELETE' })).status).toBe(404);
  });

  it('joins any room as a moderator with a distinct Mod nickname', async () => {
    const admin = await signedInAdmin();
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client);
    const res = await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' });
    expect(res.body).toEqual({
      success: true,
      activeNickname: `Mod🐸 ${admin.account.nickname}`,
      roomId,
    });
    const me = await admin.client.call('/auth/login/current');
    expect(me.body.user).toMatchObject({ roomId, activeNickname: res.body.activeNickname });
    expect(
      (await admin.client.call('/admin/join/abcdefghijklmnopqrstuv', { method: 'POST' })).status,
    ).toBe(404);
  });

  it('starts a moderator at the room’s newest message, as any new member starts', async () => {
    const admin = await signedInAdmin();
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client);
    await env.DB.prepare('UPDATE rooms SET last_message_id = 40 WHERE room_id = ?')
      .bind(roomId)
      .run();
    expect((await admin.client.call(`/admin/join/${roomId}`, { method: 'POST' })).status).toBe(200);
    const rooms = (await admin.client.call('/rooms')).body as {
      roomId: string;
      unreadCount: number;
    }[];
    expect(rooms.find((room) => room.roomId === roomId)?.unreadCount).toBe(0);
  });
});

/**
 * A D1 that deletes the room just before the moderator's membership is written, alone or in a
 * batch: the admin's Join clicked as another admin deletes the room.
 */
function deletesRoomBeforeMembership(roomId: string): D1Database {
  const deleteRoom = () => env.DB.prepare('DELETE FROM rooms WHERE room_id = ?').bind(roomId).run();
  const racing = new WeakMap<object, D1PreparedStatement>();
  const wrap = (statement: D1PreparedStatement): D1PreparedStatement => {
    const wrapper = {
      bind: (...values: unknown[]) => wrap(statement.bind(...values)),
      run: async () => (await deleteRoom(), statement.run()),
      all: async () => (await deleteRoom(), statement.all()),
      raw: async () => (await deleteRoom(), statement.raw()),
      first: async (column: string) => (await deleteRoom(), statement.first(column)),
    } as unknown as D1PreparedStatement;
    racing.set(wrapper, statement);
    return wrapper;
  };
  return {
    prepare: (query: string) => {
      const statement = env.DB.prepare(query);
      // Drizzle's statements quote the table's name; the raw new membership's does not.
      return /^(insert into|update) "?memberships"?\s/i.test(query) ? wrap(statement) : statement;
    },
    batch: async (statements: D1PreparedStatement[]) => {
      if (statements.some((statement) => racing.has(statement))) await deleteRoom();
      return env.DB.batch(statements.map((statement) => racing.get(statement) ?? statement));
    },
  } as unknown as D1Database;
}

describe('joining as moderator a room deleted meanwhile', () => {
  it('answers 404 Room not found, and leaves the admin outside it', async () => {
    for (const alreadyMember of [false, true]) {
      const admin = await signedInAdmin();
      const owner = await signedInClient();
      const roomId = await createRoom(owner.client);
      if (alreadyMember) {
        await admin.client.call('/join', { body: { roomId, activeNickname: 'Plain' } });
      }
      // The admin is in no room when they click Join.
      await env.DB.prepare('UPDATE users SET room_id = NULL WHERE id = ?')
        .bind(admin.user.id)
        .run();
      const user = await findUserById(openDb(env.DB), admin.user.id);
      const joining = joinAsModerator(openDb(deletesRoomBeforeMembership(roomId)), user!, roomId);
      await expect(joining, `already a member: ${alreadyMember}`).rejects.toMatchObject({
        status: 404,
        message: 'Room not found',
      });
      const after = await env.DB.prepare('SELECT room_id FROM users WHERE id = ?')
        .bind(admin.user.id)
        .first<{ room_id: string | null }>();
      expect(after?.room_id, `already a member: ${alreadyMember}`).toBeNull();
    }
  });
});

describe('two administrators of one nickname', () => {
  it('join one room as moderators, the second under the suffixed name', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client);
    const first = await signedInAdmin();
    const second = await signedInAdmin();
    await env.DB.prepare('UPDATE users SET nickname = ? WHERE id IN (?, ?)')
      .bind('Twin', first.user.id, second.user.id)
      .run();
    const a = await first.client.call(`/admin/join/${roomId}`, { method: 'POST' });
    const b = await second.client.call(`/admin/join/${roomId}`, { method: 'POST' });
    expect(a.body.activeNickname).toBe('Mod🐸 Twin');
    expect(b.status).toBe(200);
    expect(b.body.activeNickname).toBe(`Mod🐸 Twin-${second.user.id.slice(0, 4)}`);
  });
});
