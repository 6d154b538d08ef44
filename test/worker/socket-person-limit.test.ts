/**
 * The message allowance is per person as well as per socket: the attack is opening ten tabs
 * (the most a room accepts) to send ten times the rate. A neighbour's allowance is their own.
 * New sockets are limited per person too: each starts with full allowances and asks for a
 * history frame, so a loop of reconnects would otherwise be a flood of its own.
 */
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MAX_SOCKETS_PER_PERSON } from '../../worker/chat/room/chat-room';
import {
  RECONNECTING_TOO_FAST,
  UPGRADE_BURST,
  UPGRADES_PER_SECOND,
} from '../../worker/chat/sockets/room-socket-options';
import { ownerAndGuest } from './support/rooms';
import { TestSocket } from './support/socket';

/** The person's `rate_limited` lines for `limit`, once the room's log writes have landed. */
async function loggedLines(userId: string, limit: string) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const logged = await env.DB.prepare(
    "SELECT COUNT(*) AS n FROM security_events WHERE event_type = 'rate_limited' AND user_id = ? AND details LIKE ?",
  )
    .bind(userId, `%"limit":"${limit}"%`)
    .first<{ n: number }>();
  return logged?.n;
}

describe('the per-person message allowance', () => {
  it('gives a person with ten sockets no more messages than with one', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Flood', ownAddresses: true });
    const sockets: TestSocket[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PERSON; i++) {
      sockets.push(await TestSocket.joined(owner.client, roomId, 'Owner'));
    }
    // Three messages from each socket, all at once: 30 asked, the burst of one person is 10.
    const acks = await Promise.all(
      sockets.flatMap((socket, s) =>
        [0, 1, 2].map((i) => socket.emit('sendMessage', { text: `s${s} m${i}`, roomId })),
      ),
    );
    const accepted = acks.filter((ack) => !ack.error).length;
    expect(accepted).toBeGreaterThanOrEqual(10);
    expect(accepted).toBeLessThanOrEqual(12);
    expect(acks.filter((ack) => ack.error === 'You are sending messages too fast')).toHaveLength(
      acks.length - accepted,
    );

    // The guest, in the same room at the same moment, has a full allowance of their own.
    const g = await TestSocket.joined(guest.client, roomId, 'Guest');
    for (let i = 0; i < 5; i++) {
      expect(await g.emit('sendMessage', { text: `guest ${i}`, roomId })).toEqual({});
    }
    g.close();
    sockets.forEach((socket) => socket.close());
    // About twenty refusals on ten sockets: one line in the security log, not one per socket.
    expect(await loggedLines(owner.user.id, 'socket-messages')).toBe(1);
  });
});

describe('the per-person limit on new sockets', () => {
  it('refuses sockets past the ten, and logs the loop once', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Eleven', ownAddresses: true });
    const sockets: TestSocket[] = [];
    const refusals: string[] = [];
    for (let i = 0; i < MAX_SOCKETS_PER_PERSON + 3; i++) {
      const { socket, answer } = await TestSocket.connect(owner.client, roomId);
      sockets.push(socket);
      if (answer.startsWith('44')) refusals.push(JSON.parse(answer.slice(2)).message);
    }
    expect(refusals).toEqual(Array(3).fill('Too many open connections to this room'));
    sockets.forEach((socket) => socket.close());
    // Three refusals, one line (a person's tabs must not climb their own address's score).
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logged = await env.DB.prepare(
      "SELECT COUNT(*) AS n FROM security_events WHERE event_type = 'socket_refused' AND user_id = ?",
    )
      .bind(owner.user.id)
      .first<{ n: number }>();
    expect(logged?.n).toBe(1);
  });

  it('lets a burst of reconnects through, then refuses the loop; a neighbour still connects', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({
      name: 'Reconnects',
      ownAddresses: true,
    });
    const answers: string[] = [];
    const refused = () => answers.filter((answer) => answer.startsWith('44'));
    // Until three are refused: the allowance refills while the loop runs, by more than one on
    // a loaded machine (a CI run's loop took over two seconds), so a fixed count could end
    // before the limit did, and a fixed bound on what passed could fail.
    const started = Date.now();
    while (refused().length < 3 && answers.length < UPGRADE_BURST + 20) {
      const { socket, answer } = await TestSocket.connect(owner.client, roomId);
      answers.push(answer);
      socket.close();
    }
    const refilled = Math.ceil(((Date.now() - started) / 1000) * UPGRADES_PER_SECOND);
    const passed = answers.length - refused().length;
    expect(refused()).toHaveLength(3);
    // The burst, and what refilled while the loop ran.
    expect(passed).toBeGreaterThanOrEqual(UPGRADE_BURST);
    expect(passed).toBeLessThanOrEqual(UPGRADE_BURST + refilled);
    expect(JSON.parse(refused()[0]!.slice(2))).toEqual({
      message: RECONNECTING_TOO_FAST,
      data: { code: 'rate_limited' },
    });

    const neighbour = await TestSocket.joined(guest.client, roomId, 'Guest');
    neighbour.close();
    // Three refusals, one line in the security log (and one step of the address's score).
    expect(await loggedLines(owner.user.id, 'socket-upgrades')).toBe(1);
  });
});
