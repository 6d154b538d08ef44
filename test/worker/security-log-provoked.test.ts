/**
 * The audit lines anyone signed in can cause at will (renames, hand-overs, deletions of their
 * own rooms and accounts, email changes, resets) are held to the security log's hourly bound
 * per address and per IPv6 /48, as violations are: seven accounts renaming rooms from one
 * address once wrote a row per rename. An administrator's own are their audit trail: never held.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../worker/security/client-ip';
import {
  ROWS_PER_ADDRESS_PER_HOUR,
  ROWS_PER_NETWORK_PER_HOUR,
} from '../../worker/security/event-rows';
import { recordSecurityEvent, type SecurityEventType } from '../../worker/security/security-events';
import { signedInAdmin } from './support/admin';
import { signedInClient } from './support/api';
import { createRoom, ownerAndGuest } from './support/rooms';
import { countedFrom } from './support/security-state';

/** Fills the address's allowance of rows for this hour, as a flood of failed logins would. */
async function fillAllowance(ip: string, rows = ROWS_PER_ADDRESS_PER_HOUR) {
  await Promise.all(
    Array.from({ length: rows }, (_, i) =>
      recordSecurityEvent(env, { eventType: 'login_failed', ip, details: { i } }, { weight: 0 }),
    ),
  );
}

const kindsFrom = async (key: string) =>
  (
    await env.DB.prepare('SELECT DISTINCT event_type FROM security_events WHERE ip = ?')
      .bind(key)
      .all<{ event_type: string }>()
  ).results
    .map((row) => row.event_type)
    .sort();

let addresses = 0;
const base = Math.floor(Math.random() * 200);
const freshIpv4 = () => `198.18.${base}.${++addresses}`;

describe('audit lines a signed-in person can cause at will', () => {
  it('are held to the address bound: each kind, past it, is counted on the overflow line', async () => {
    const ip = freshIpv4();
    await fillAllowance(ip);
    const provoked: SecurityEventType[] = [
      'room_renamed',
      'room_deleted',
      'room_owner_changed',
      'email_changed',
      'account_deleted',
      'password_reset_completed',
      'member_kicked',
      'member_unbanned',
    ];
    for (const eventType of provoked) await recordSecurityEvent(env, { eventType, ip });
    expect(await kindsFrom(ip)).toEqual(['log_overflow', 'login_failed']);
    expect((await countedFrom(ip, 'log_overflow', provoked.length)).total).toBe(provoked.length);
  });

  it('through the routes: renames, a hand-over, a deletion, an email change, an account deletion', async () => {
    const shared = freshIpv4();
    const { owner, guest, roomId } = await ownerAndGuest();
    const other = await signedInClient();
    const spare = await createRoom(owner.client, 'Spare room');
    await fillAllowance(shared);
    owner.client.ip = shared;
    other.client.ip = shared;

    for (let i = 0; i < 3; i += 1) {
      const renamed = await owner.client.call(`/rooms/${roomId}`, {
        method: 'PATCH',
        body: { name: `Name ${i}` },
      });
      expect(renamed.status).toBe(200);
    }
    const handed = await owner.client.call(`/rooms/${roomId}/owner`, {
      body: { userId: guest.user.id },
    });
    expect(handed.status).toBe(200);
    expect((await owner.client.call(`/rooms/${spare}`, { method: 'DELETE' })).status).toBe(200);
    const email = await other.client.call('/auth/settings/email', {
      method: 'PUT',
      body: { currentPassword: other.account.password, newEmail: `new-${other.account.email}` },
    });
    expect(email.status).toBe(200);
    const gone = await other.client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: other.account.password },
    });
    expect(gone.status).toBe(200);

    // Seven events, none a row of its own.
    expect((await countedFrom(shared, 'log_overflow', 7)).total).toBe(7);
    expect(await kindsFrom(shared)).toEqual(['log_overflow', 'login_failed']);
  });

  it('are held to the /48 bound too: another /64 of a full network adds no row', async () => {
    const network = `2001:db8:${(0x4900 + base).toString(16)}`;
    for (let i = 1; i <= ROWS_PER_NETWORK_PER_HOUR / ROWS_PER_ADDRESS_PER_HOUR; i += 1) {
      await fillAllowance(addressKey(`${network}:${i}::9`));
    }
    const { owner, roomId } = await ownerAndGuest();
    owner.client.ip = `${network}:ff::9`;
    const renamed = await owner.client.call(`/rooms/${roomId}`, {
      method: 'PATCH',
      body: { name: 'From a fresh /64' },
    });
    expect(renamed.status).toBe(200);
    expect((await countedFrom(`${network}::/48`, 'log_overflow', 1)).total).toBe(1);
    expect(await kindsFrom(addressKey(owner.client.ip))).toEqual([]);
  });

  it('never hold an administrator’s own: their rename is a row, on a full address too', async () => {
    const ip = freshIpv4();
    const admin = await signedInAdmin();
    const { roomId } = await ownerAndGuest();
    await fillAllowance(ip);
    admin.client.ip = ip;
    const renamed = await admin.client.call(`/rooms/${roomId}`, {
      method: 'PATCH',
      body: { name: 'Renamed by an admin' },
    });
    expect(renamed.status).toBe(200);
    const [row] = (await countedFrom(ip, 'room_renamed', 1)).rows;
    expect(JSON.parse(row!.details)).toMatchObject({ roomId, byRole: 'admin' });
    expect(await kindsFrom(ip)).toEqual(['login_failed', 'room_renamed']);
  });
});
