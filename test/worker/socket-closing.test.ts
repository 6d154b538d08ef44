/**
 * A socket outlives the request that opened it. Each of these ends a person's access (or an
 * address's), and the attack each stops is a socket that keeps reading and sending afterwards:
 * a stolen cookie's socket after the owner logs out or resets the password, a deleted account
 * still chatting, a blocked network still connected. The person next to them is unaffected.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { PRESENCE_INTERVAL_MS } from '../../worker/chat/presence/presence-batch';
import { SESSIONS_PER_ACCOUNT_MAX } from '../../worker/credentials/sessions';
import { closeAddressSockets, closeUserSockets } from '../../worker/room-calls/close-sockets';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { Client } from './support/api';
import { signedInAdmin } from './support/admin';
import { watchMailbox } from './support/mailbox';
import { roomsNotedFor } from './support/security-state';
import { createRoom, joinRoom, signedInOwnAddress } from './support/rooms';
import { endedWithNotice, TestSocket } from './support/socket';

let mailbox: ReturnType<typeof watchMailbox> | undefined;
afterEach(() => mailbox?.restore());

/** The victim (owner of the room) and a bystander, both joined. */
async function victimAndBystander() {
  const victim = await signedInOwnAddress();
  const roomId = await createRoom(victim.client, 'Trust', 'Victim');
  const bystander = await signedInOwnAddress();
  await joinRoom(bystander.client, roomId, 'Bystander');
  const v = await TestSocket.joined(victim.client, roomId, 'Victim');
  const b = await TestSocket.joined(bystander.client, roomId, 'Bystander');
  return { victim, bystander, roomId, v, b };
}

/** The bystander's socket stays open, hears that the victim left, and can still talk. */
async function bystanderUnaffected(b: TestSocket, roomId: string) {
  await b.waitFor((frame) => frame.includes('Victim has left the room'));
  expect(b.closed).toBe(false);
  expect(await b.emit('sendMessage', { text: 'still here', roomId })).toEqual({});
  b.close();
}

/** A second sign-in of the same account, from another browser. */
async function secondBrowser(account: { email: string; password: string }, ip: string) {
  const client = new Client();
  client.ip = ip;
  const login = await client.call('/auth/login', { body: account });
  expect(login.status).toBe(200);
  return client;
}

describe('ending a session ends its sockets in every room', () => {
  it('logout ends the sockets of that session only, at once, with a notice', async () => {
    const { victim, roomId, v, b } = await victimAndBystander();
    const otherRoom = await createRoom(victim.client, 'Second', 'Victim');
    const v2 = await TestSocket.joined(victim.client, otherRoom, 'Victim');
    const phone = await secondBrowser(victim.account, victim.client.ip);
    const p = await TestSocket.joined(phone, roomId, 'Victim');

    const started = Date.now();
    expect((await victim.client.call('/auth/logout', { body: {} })).status).toBe(200);
    await endedWithNotice(v, 'You have been logged out', started);
    await endedWithNotice(v2, 'You have been logged out', started);
    // The other browser's session was not logged out: its socket stays, and the room still
    // shows the person online, so nobody is told they left.
    expect(p.closed).toBe(false);
    expect(await p.emit('sendMessage', { text: 'phone still here', roomId })).toEqual({});
    // After a presence flush would have gone out, so a wrong "has left" would be here.
    await new Promise((resolve) => setTimeout(resolve, PRESENCE_INTERVAL_MS + 50));
    expect(b.frames.some((frame) => frame.includes('Victim has left the room'))).toBe(false);
    p.close();
    b.close();
  });

  it('a password reset ends every socket of the account', async () => {
    mailbox = watchMailbox();
    const { victim, roomId, v, b } = await victimAndBystander();
    const phone = await secondBrowser(victim.account, victim.client.ip);
    const p = await TestSocket.joined(phone, roomId, 'Victim');
    await new Client().call('/auth/reset-password/forgot', {
      body: { email: victim.account.email },
    });
    const token = (await mailbox.resetLinkFor(victim.account.email)).split('/').pop();

    const started = Date.now();
    const reset = await new Client().call('/auth/reset-password/reset', {
      body: { token, newPassword: 'brand-new-pass' },
    });
    expect(reset.status).toBe(200);
    const notice = 'Your password was reset. Please log in again.';
    await endedWithNotice(v, notice, started);
    await endedWithNotice(p, notice, started);
    await bystanderUnaffected(b, roomId);
  });

  it('an email change ends every socket of the account once its link is opened', async () => {
    const { victim, roomId, v, b } = await victimAndBystander();
    const { password, email } = victim.account;
    await victim.client.call('/auth/settings/verify', { body: { password } });
    mailbox = watchMailbox();
    const res = await victim.client.call('/user/profile/email', {
      method: 'PUT',
      body: { email: `moved-${email}` },
    });
    expect(res.status).toBe(200);
    // The change happens when the link mailed to the new address is opened.
    const token = await mailbox.verifyTokenFor(`moved-${email}`);
    const started = Date.now();
    expect((await victim.client.call('/auth/verify-email', { body: { token } })).status).toBe(200);
    await v.waitFor((frame) => frame === '41');
    await v.waitForClose();
    expect(Date.now() - started).toBeLessThan(1000);
    // The browser that made the change is still signed in (its other tabs too): a reload will do.
    expect(v.events('message').at(-1).text).toMatch(/email address was changed.*reload the page/);
    await bystanderUnaffected(b, roomId);
  });

  it(`a session trimmed by the ${SESSIONS_PER_ACCOUNT_MAX}-session bound ends its sockets`, async () => {
    const { victim, roomId, v, b } = await victimAndBystander();
    for (let i = 1; i < SESSIONS_PER_ACCOUNT_MAX; i++) {
      await secondBrowser(victim.account, victim.client.ip);
    }
    expect(v.closed).toBe(false);
    const started = Date.now();
    const newest = await secondBrowser(victim.account, victim.client.ip);
    // The first session was the oldest: it is gone, and so is the socket it opened.
    await endedWithNotice(v, 'You have been logged out', started);
    const p = await TestSocket.joined(newest, roomId, 'Victim');
    expect(await p.emit('sendMessage', { text: 'newest browser here', roomId })).toEqual({});
    p.close();
    b.close();
  });
});

describe("an administrator's socket in a room they had not joined", () => {
  // A logout reaches the rooms of the person's memberships only, so a stolen cookie's socket
  // left waiting in another room would outlive it, and take the membership the administrator
  // gets by joining as moderator after signing in again.
  it('is refused at connect, as anyone without a membership is', async () => {
    const { roomId, v, b } = await victimAndBystander();
    const admin = await signedInAdmin();
    const { socket, answer } = await TestSocket.connect(admin.client, roomId);
    expect(answer).toContain('You are not a member of this room');
    await socket.waitForClose();
    const joined = await admin.client.call(`/admin/join/${roomId}`, { body: {} });
    const { activeNickname } = joined.body as { activeNickname: string };
    const mod = await TestSocket.joined(admin.client, roomId, activeNickname);
    expect(await mod.emit('sendMessage', { text: 'moderating', roomId })).toEqual({});
    mod.close();
    v.close();
    b.close();
  });
});

describe('a deleted account loses its sockets', () => {
  it('deleting one’s own account ends its sockets, and is not a ban', async () => {
    const { victim, roomId, v, b } = await victimAndBystander();
    const started = Date.now();
    const res = await victim.client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: victim.account.password },
    });
    expect(res.status).toBe(200);
    await endedWithNotice(v, 'Your account was deleted', started);
    await bystanderUnaffected(b, roomId);
    // Ending sockets is not a kick: the room keeps no ban for the account.
    const banned = await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
      room.parts.gate.isBanned(victim.user.id),
    );
    expect(banned).toBe(false);
  });

  it('an administrator deleting a user ends that user’s sockets', async () => {
    const { victim, roomId, v, b } = await victimAndBystander();
    const admin = await signedInAdmin();
    const started = Date.now();
    const res = await admin.client.call(`/admin/users/${victim.user.id}`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    await endedWithNotice(v, 'Your account was deleted', started);
    await bystanderUnaffected(b, roomId);
  });
});

describe('a blocked address loses its sockets', () => {
  it('closeAddressSockets ends the sockets opened from that address in every room', async () => {
    const { victim, roomId, v, b } = await victimAndBystander();
    const otherRoom = await createRoom(victim.client, 'Elsewhere', 'Victim');
    const v2 = await TestSocket.joined(victim.client, otherRoom, 'Victim');
    // Each room noted where the address's sockets are, in its batch after the upgrade.
    expect(await roomsNotedFor(victim.client.ip, 2)).toEqual([roomId, otherRoom].sort());

    const started = Date.now();
    await closeAddressSockets(env, victim.client.ip, 'Your network has been blocked');
    await endedWithNotice(v, 'Your network has been blocked', started);
    await endedWithNotice(v2, 'Your network has been blocked', started);
    await bystanderUnaffected(b, roomId);
  });

  it('notes no address for an upgrade without a live session', async () => {
    const { roomId, v, b } = await victimAndBystander();
    const stranger = new Client();
    stranger.ip = '192.0.2.77';
    await TestSocket.connect(stranger, roomId);
    const noted = await env.DB.prepare('SELECT COUNT(*) AS n FROM socket_addresses WHERE ip = ?')
      .bind(stranger.ip)
      .first<{ n: number }>();
    expect(noted?.n).toBe(0);
    v.close();
    b.close();
  });

  it('ending nothing never throws: unknown account, unknown address', async () => {
    await expect(closeUserSockets(env, 'nobody', 'x')).resolves.toBeUndefined();
    await expect(closeAddressSockets(env, '192.0.2.1', 'x')).resolves.toBeUndefined();
  });
});
