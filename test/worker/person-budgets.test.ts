/**
 * History pages (`loadHistory`) and joins each send up to a full history frame, so their
 * budgets are a person's, across all their sockets in the room: with one per socket, a member
 * with ten tabs (or a fresh socket a second) pulled megabytes a second. A neighbour's budgets
 * are their own.
 */
import { describe, expect, it } from 'vitest';
import { JOINING_TOO_FAST, JOINS_BURST } from '../../worker/chat/room/join-limit';
import { LOAD_HISTORY_BURST, LOADING_TOO_FAST } from '../../worker/chat/messages/load-history';
import { ownerAndGuest } from './support/rooms';
import { TestSocket } from './support/socket';

async function sockets(client: Parameters<typeof TestSocket.connect>[0], roomId: string, n = 3) {
  const opened: TestSocket[] = [];
  for (let i = 0; i < n; i++) opened.push((await TestSocket.connect(client, roomId)).socket);
  return opened;
}

const joinAs = (socket: TestSocket, name: string, roomId: string) =>
  socket.emit('join', { name, room: roomId });

describe('the per-person history budget', () => {
  it('is shared by all the sockets of one person', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Pages', ownAddresses: true });
    const tabs: TestSocket[] = [];
    for (let i = 0; i < 4; i++) tabs.push(await TestSocket.joined(owner.client, roomId, 'Owner'));
    const [fresh, ...busy] = tabs as [TestSocket, ...TestSocket[]];
    // Two pages from each of three tabs, all at once: six asked, one person's burst is five.
    const acks = await Promise.all(
      busy.flatMap((tab) => [0, 1].map(() => tab.emit('loadHistory', { before: 1 }))),
    );
    const accepted = acks.filter((ack) => !ack.error).length;
    expect(accepted).toBe(LOAD_HISTORY_BURST);
    expect(acks.filter((ack) => ack.error === LOADING_TOO_FAST)).toHaveLength(1);
    // The person's fourth tab, which asked for nothing, has nothing left either.
    expect(await fresh.emit('loadHistory', { before: 1 })).toEqual({
      error: LOADING_TOO_FAST,
      code: 'rate_limited',
    });
    tabs.forEach((tab) => tab.close());
  });

  it('is not shared by two people', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({
      name: 'Two readers',
      ownAddresses: true,
    });
    const mine = await TestSocket.joined(owner.client, roomId, 'Owner');
    const theirs = await TestSocket.joined(guest.client, roomId, 'Guest');
    for (let i = 0; i < LOAD_HISTORY_BURST; i++) {
      expect(await mine.emit('loadHistory', { before: 1 })).toMatchObject({ messages: [] });
    }
    expect(await mine.emit('loadHistory', { before: 1 })).toEqual({
      error: LOADING_TOO_FAST,
      code: 'rate_limited',
    });
    // The guest, at the same moment, has a whole budget of their own.
    for (let i = 0; i < LOAD_HISTORY_BURST; i++) {
      expect(await theirs.emit('loadHistory', { before: 1 })).toMatchObject({ messages: [] });
    }
    mine.close();
    theirs.close();
  });
});

describe('the per-person join budget', () => {
  it('is shared by all the sockets of one person, and a refused join sends no history', async () => {
    const { owner, roomId } = await ownerAndGuest({ name: 'Joins', ownAddresses: true });
    const tabs = await sockets(owner.client, roomId);
    // Every tab joins again and again: one person gets the burst, not a burst per tab.
    const acks = await Promise.all(
      tabs.flatMap((tab) => [0, 1, 2, 3, 4].map(() => joinAs(tab, 'Owner', roomId))),
    );
    const accepted = acks.filter((ack) => !ack.error).length;
    // The burst, and perhaps one more refilled while the joins ran.
    expect(accepted).toBeGreaterThanOrEqual(JOINS_BURST);
    expect(accepted).toBeLessThanOrEqual(JOINS_BURST + 1);
    expect(acks.filter((ack) => ack.error === JOINING_TOO_FAST)).toHaveLength(
      acks.length - accepted,
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const histories = tabs.reduce((sum, tab) => sum + tab.events('chatHistory').length, 0);
    expect(histories).toBe(accepted);
    tabs.forEach((tab) => tab.close());
  });

  it('is not shared by two people', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({
      name: 'Two joiners',
      ownAddresses: true,
    });
    const [mine] = await sockets(owner.client, roomId, 1);
    for (let i = 0; i < JOINS_BURST; i++) expect(await joinAs(mine!, 'Owner', roomId)).toEqual({});
    expect(await joinAs(mine!, 'Owner', roomId)).toEqual({
      error: JOINING_TOO_FAST,
      code: 'rate_limited',
    });
    // The guest's tabs join at the same moment, each of them.
    const theirs = await sockets(guest.client, roomId);
    for (const tab of theirs) expect(await joinAs(tab, 'Guest', roomId)).toEqual({});
    [mine!, ...theirs].forEach((tab) => tab.close());
  });
});
