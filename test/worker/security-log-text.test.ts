/**
 * What callers can put in the security log, as the Security tab shows it: no text a screen
 * obeys rather than shows, and no more rows an hour from one address than the bound, whatever
 * audit events a signed-in person can cause over and over.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { addressKey } from '../../worker/security/client-ip';
import { ROWS_PER_ADDRESS_PER_HOUR } from '../../worker/security/event-rows';
import { signedInAdmin } from './support/admin';
import { Client } from './support/api';
import { ownerAndGuest, joinRoom } from './support/rooms';
import { countedFrom } from './support/security-state';
import { TestSocket } from './support/socket';

/** Bidirectional overrides, line separators and a zero-width space: what JSON leaves as is. */
const HIDDEN = /[\u202A-\u202E\u2066-\u2069\u2028\u2029\u200B]/;

describe('text a caller chose, in the security log', () => {
  it('shows characters that reorder or break lines as visible marks', async () => {
    const caller = new Client();
    // A room id of the caller's choosing: reversed text and a line that looks like a field.
    const roomId = 'x\u202Egnp.exe\u2028  "ip": "192.0.2.1",\u200B';
    const { answer } = await TestSocket.connect(caller, roomId);
    expect(answer).toContain('Not authenticated');

    const { rows } = await countedFrom(caller.ip, 'socket_refused', 1);
    const shown = JSON.parse(rows[0]!.details) as { roomId: string };
    expect(shown.roomId).not.toMatch(HIDDEN);
    expect(shown.roomId).toContain('<U+202E>');
    expect(shown.roomId).toContain('<U+2028>');

    const admin = await signedInAdmin();
    const { events } = (await admin.client.call('/admin/security/logs?limit=500')).body;
    const line = events.find((event: any) => event.details.ip === addressKey(caller.ip));
    expect(JSON.stringify(line.details, null, 2)).not.toMatch(HIDDEN);
  });

  it('keeps the joiners that emoji and scripts are written with', async () => {
    const admin = await signedInAdmin();
    const { roomId } = await ownerAndGuest();
    const message = 'Family 👨‍👩‍👧 day';
    const res = await admin.client.call('/admin/broadcast', { body: { roomId, message } });
    expect(res.status).toBe(200);
    const deadline = Date.now() + 5000;
    let details: { message?: string } | undefined;
    while (!details && Date.now() < deadline) {
      const row = await env.DB.prepare(
        "SELECT details FROM security_events WHERE event_type = 'admin_broadcast' AND details LIKE ?",
      )
        .bind(`%${roomId}%`)
        .first<{ details: string }>();
      details = row ? JSON.parse(row.details) : undefined;
      if (!details) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(details?.message).toBe(message);
  });
});

describe('kicks and unbans in a loop', () => {
  it('add no more rows an hour than the address bound', async () => {
    const { owner, guest, roomId } = await ownerAndGuest();
    const rounds = ROWS_PER_ADDRESS_PER_HOUR / 2 + 10;
    for (let i = 0; i < rounds; i++) {
      const kicked = await owner.client.call(`/rooms/${roomId}/kick`, {
        body: { targetUserId: guest.user.id },
      });
      expect(kicked.status).toBe(200);
      const lifted = await owner.client.call(`/rooms/${roomId}/bans/${guest.user.id}`, {
        method: 'DELETE',
      });
      expect(lifted.status).toBe(200);
      expect((await joinRoom(guest.client, roomId, 'Guest')).status).toBe(200);
    }
    // Every kick and unban is accounted for: on a row of its own, or on the overflow line.
    const all = async () =>
      (
        await env.DB.prepare(
          'SELECT event_type, count FROM security_events WHERE ip = ? AND created_at > ?',
        )
          .bind(addressKey(owner.client.ip), Date.now() - 3_600_000)
          .all<{ event_type: string; count: number }>()
      ).results;
    const deadline = Date.now() + 5000;
    let events = await all();
    const sum = () => events.reduce((n, row) => n + row.count, 0);
    while (sum() < rounds * 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      events = await all();
    }
    const audit = events.filter((row) => row.event_type !== 'log_overflow');
    expect(audit.length).toBeLessThanOrEqual(ROWS_PER_ADDRESS_PER_HOUR);
    expect(sum()).toBe(rounds * 2);
  });
});
