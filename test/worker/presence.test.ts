import { describe, expect, it } from 'vitest';
import {
  NAMED_NOTICES_MAX,
  PRESENCE_INTERVAL_MS,
  PresenceBatch,
  presenceInterval,
  STORM_MAX_WAIT_MS,
  STORM_PAUSE_MS,
  type PresenceNotice,
} from '../../worker/chat/presence/presence-batch';
import { signedInClient } from './support/api';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const aSocket = () => new WebSocketPair()[0];

function recordingBatch() {
  const deliveries: { at: number; notices: PresenceNotice[] }[] = [];
  const batch = new PresenceBatch((notices) => deliveries.push({ at: Date.now(), notices }));
  return { batch, deliveries };
}

describe('presence batches', () => {
  it('delivers a lone join at once, with the notice of the spec', async () => {
    const { batch, deliveries } = recordingBatch();
    const socket = aSocket();
    batch.changed({ kind: 'joined', nickname: 'Ada', socket });
    await sleep(20);
    expect(deliveries).toHaveLength(1);
    const [notice] = deliveries[0]!.notices;
    expect(notice!.message).toMatchObject({
      text: 'Ada has joined the room',
      messageType: 'system-simple',
    });
    expect([...notice!.except]).toEqual([socket]);
  });

  it('keeps a notice from the sockets that joined after it in the same batch', async () => {
    const { batch, deliveries } = recordingBatch();
    const [first, second, third] = [aSocket(), aSocket(), aSocket()];
    batch.changed({ kind: 'joined', nickname: 'Ada', socket: first });
    batch.changed({ kind: 'left', nickname: 'Cy', socket: aSocket() });
    batch.changed({ kind: 'joined', nickname: 'Bo', socket: second });
    batch.changed({ kind: 'joined', nickname: 'Di', socket: third });
    await sleep(20);
    const except = Object.fromEntries(
      deliveries[0]!.notices.map((n) => [n.message.text, [...n.except]]),
    );
    // Ada was there for everything after her arrival; Bo arrived after Cy left; Di came last.
    expect(except['Ada has joined the room']).toEqual([first, second, third]);
    expect(except['Cy has left the room']).toEqual([expect.anything(), second, third]);
    expect(except['Bo has joined the room']).toEqual([second, third]);
    expect(except['Di has joined the room']).toEqual([third]);
  });

  it('folds a storm of joins into one roomData and one notice, then waits out the interval', async () => {
    const { batch, deliveries } = recordingBatch();
    const sockets = Array.from({ length: NAMED_NOTICES_MAX + 2 }, aSocket);
    sockets.forEach((socket, i) => batch.changed({ kind: 'joined', nickname: `P${i}`, socket }));
    batch.changed({ kind: 'left', nickname: 'Gone', socket: aSocket() });
    await sleep(20);
    expect(deliveries).toHaveLength(1);
    const texts = deliveries[0]!.notices.map((n) => n.message.text);
    expect(texts).toEqual([
      `P0, P1 and ${NAMED_NOTICES_MAX} others have joined the room`,
      'Gone has left the room',
    ]);
    expect(deliveries[0]!.notices[0]!.except).toEqual(new Set(sockets));

    batch.changed(); // only the online list changed: a roomData, no notice
    await sleep(PRESENCE_INTERVAL_MS + 50);
    expect(deliveries).toHaveLength(2);
    expect(deliveries[1]!.notices).toEqual([]);
    expect(deliveries[1]!.at - deliveries[0]!.at).toBeGreaterThanOrEqual(PRESENCE_INTERVAL_MS);
  });

  it('tells a room everyone who joined in a burst, and ends with the full online list', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Burst', 'Host');
    const guests = await Promise.all(Array.from({ length: 6 }, () => signedInClient()));
    await Promise.all(guests.map((guest, i) => joinRoom(guest.client, roomId, `Guest${i}`)));
    const host = await TestSocket.joined(owner.client, roomId, 'Host');
    const sockets = await Promise.all(
      guests.map((guest, i) => TestSocket.joined(guest.client, roomId, `Guest${i}`)),
    );
    await host.waitFor((frame) => frame.includes('"roomData"') && frame.includes('Guest5'));
    await sleep(PRESENCE_INTERVAL_MS * 2);

    const online = host
      .events('roomData')
      .at(-1)
      .users.map((u: { nickname: string }) => u.nickname);
    expect(online).toEqual(['Guest0', 'Guest1', 'Guest2', 'Guest3', 'Guest4', 'Guest5', 'Host']);
    // However the joins fell into batches, the notices account for each guest exactly once.
    let announced = 0;
    for (const { text } of host.events('message')) {
      const summary = /^\w+, \w+ and (\d+) others have joined the room$/.exec(text);
      if (summary) announced += 2 + Number(summary[1]);
      else if (/^Guest\d has joined the room$/.test(text)) announced += 1;
    }
    expect(announced).toBe(6);
    expect(host.events('roomData').length).toBeLessThanOrEqual(7);
    for (const [i, socket] of sockets.entries()) {
      const own = socket.events('message').filter((m) => m.text.includes(`Guest${i} has`));
      expect(own).toEqual([]);
    }
    [host, ...sockets].forEach((socket) => socket.close());
  });
});

describe('presence in a storm of joins', () => {
  /** A join every 20 ms for `ms`: far more often than STORM_PAUSE_MS. */
  async function joinsFor(batch: PresenceBatch, ms: number) {
    const until = Date.now() + ms;
    for (let i = 0; Date.now() < until; i++) {
      batch.changed({ kind: 'joined', nickname: `S${i}`, socket: aSocket() });
      await sleep(20);
    }
  }

  it('waits for a pause while joins keep arriving, then tells them all at once', async () => {
    const { batch, deliveries } = recordingBatch();
    batch.changed({ kind: 'joined', nickname: 'First', socket: aSocket() });
    await joinsFor(batch, 900);
    // Every 250 ms this would have been four deliveries; one more is a slow machine's gap.
    expect(deliveries.length).toBeLessThanOrEqual(2);
    const stoppedAt = Date.now();
    await sleep(STORM_PAUSE_MS + 100);
    const last = deliveries.at(-1)!;
    expect(last.at).toBeGreaterThanOrEqual(stoppedAt);
    expect(last.notices.map((n) => n.message.text)).toEqual([
      expect.stringMatching(/^S\d+, S\d+ and \d+ others have joined the room$/),
    ]);
  });

  it('never holds the news more than STORM_MAX_WAIT_MS', async () => {
    const { batch, deliveries } = recordingBatch();
    batch.changed({ kind: 'joined', nickname: 'First', socket: aSocket() });
    const stormAt = Date.now();
    await joinsFor(batch, STORM_MAX_WAIT_MS + 600);
    // The first at once, then one when the batch had waited its longest, while joins went on.
    expect(deliveries.length).toBeGreaterThanOrEqual(2);
    expect(deliveries.length).toBeLessThanOrEqual(3);
    expect(deliveries[1]!.at - stormAt).toBeLessThanOrEqual(STORM_MAX_WAIT_MS + 300);
  });
});

describe('the presence interval', () => {
  it('is a quarter second up to 125 joined sockets, then two milliseconds per socket', () => {
    expect([0, 1, 125, 126, 500, 1000].map(presenceInterval)).toEqual([
      250, 250, 250, 252, 1000, 2000,
    ]);
  });
});

describe('presence news undone within one batch', () => {
  const texts = (deliveries: { notices: PresenceNotice[] }[]) =>
    deliveries.flatMap((d) => d.notices.map((n) => n.message.text));

  it('a person who left and came back (a reload) is not announced at all', async () => {
    const { batch, deliveries } = recordingBatch();
    batch.changed({ kind: 'left', nickname: 'Ada', socket: aSocket() });
    batch.changed({ kind: 'joined', nickname: 'Ada', socket: aSocket() });
    batch.changed({ kind: 'joined', nickname: 'Bo', socket: aSocket() });
    await sleep(20);
    expect(deliveries).toHaveLength(1); // the online list still goes out
    expect(texts(deliveries)).toEqual(['Bo has joined the room']);
  });

  it('left, back and left again says that they left, once', async () => {
    const { batch, deliveries } = recordingBatch();
    batch.changed({ kind: 'left', nickname: 'Ada', socket: aSocket() });
    batch.changed({ kind: 'joined', nickname: 'Ada', socket: aSocket() });
    batch.changed({ kind: 'left', nickname: 'Ada', socket: aSocket() });
    await sleep(20);
    expect(texts(deliveries)).toEqual(['Ada has left the room']);
  });

  it('a person removed loses the news still waiting for them', async () => {
    const { batch, deliveries } = recordingBatch();
    batch.changed({ kind: 'joined', nickname: 'Ada', socket: aSocket() });
    batch.forget('Ada');
    await sleep(20);
    expect(texts(deliveries)).toEqual([]);
  });
});

describe('a second join on the same socket', () => {
  it('is answered, and the room hears of it once', async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Join twice', 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const host = await TestSocket.joined(owner.client, roomId, 'Owner');
    const socket = await TestSocket.joined(guest.client, roomId, 'Guest');
    await host.waitFor((frame) => frame.includes('Guest has joined the room'));
    expect(await socket.emit('join', { name: 'Guest', room: roomId })).toEqual({});
    await sleep(PRESENCE_INTERVAL_MS * 3);
    expect(host.frames.filter((frame) => frame.includes('Guest has joined the room'))).toHaveLength(
      1,
    );
    host.close();
    socket.close();
  });
});

describe('a join that leaves the online list as it was', () => {
  const names = (list: { users: { nickname: string }[] }) => list.users.map((u) => u.nickname);
  const roomDataCount = (socket: TestSocket) => socket.events('roomData').length;

  /** Owner and Guest joined, every list of their arrivals delivered. */
  async function settledRoom(name: string) {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, name, 'Owner');
    const guest = await signedInClient();
    await joinRoom(guest.client, roomId, 'Guest');
    const host = await TestSocket.joined(owner.client, roomId, 'Owner');
    const tab = await TestSocket.joined(guest.client, roomId, 'Guest');
    await host.waitFor(() => host.events('roomData').some((l) => names(l).includes('Guest')));
    await tab.waitForEvent('roomData');
    await sleep(PRESENCE_INTERVAL_MS * 2);
    return { owner, guest, roomId, host, tab };
  }

  it('sends a second tab the list, and the others nothing; a real arrival still reaches all', async () => {
    const { guest, roomId, host, tab } = await settledRoom('Second tab');
    const [hostLists, tabLists] = [roomDataCount(host), roomDataCount(tab)];
    const second = await TestSocket.joined(guest.client, roomId, 'Guest');
    const [list] = await second.waitForEvent('roomData');
    expect(names(list)).toEqual(['Guest', 'Owner']);
    await sleep(PRESENCE_INTERVAL_MS * 3);
    expect(roomDataCount(host)).toBe(hostLists);
    expect(roomDataCount(tab)).toBe(tabLists);

    const newcomer = await signedInClient();
    await joinRoom(newcomer.client, roomId, 'Newcomer');
    const third = await TestSocket.joined(newcomer.client, roomId, 'Newcomer');
    const everyone = ['Guest', 'Newcomer', 'Owner'];
    for (const socket of [host, tab, third]) {
      await socket.waitFor(() => socket.events('roomData').some((l) => names(l).length === 3));
      expect(names(socket.events('roomData').at(-1))).toEqual(everyone);
    }
    [host, tab, second, third].forEach((socket) => socket.close());
  });

  it('sends the others no list when a tab leaves and joins again within one batch', async () => {
    const { roomId, host, tab } = await settledRoom('Leave and back');
    // A real arrival just went out: the next batch waits out the interval, so the leave and
    // the join below fall in one batch, whose list is the one everyone has.
    const newcomer = await signedInClient();
    await joinRoom(newcomer.client, roomId, 'Newcomer');
    const third = await TestSocket.joined(newcomer.client, roomId, 'Newcomer');
    for (const socket of [host, third]) {
      await socket.waitFor(() => socket.events('roomData').at(-1)?.users.length === 3);
    }
    const [hostLists, thirdLists] = [roomDataCount(host), roomDataCount(third)];
    const tabLists = roomDataCount(tab);
    expect(await tab.emit('leave', { room: roomId })).toEqual({ result: 'You left the room' });
    expect(await tab.emit('join', { name: 'Guest', room: roomId })).toEqual({});
    // The tab that joined again still gets the list.
    await tab.waitForEvent('roomData', tabLists + 1);
    expect(names(tab.events('roomData').at(-1))).toEqual(['Guest', 'Newcomer', 'Owner']);
    await sleep(PRESENCE_INTERVAL_MS * 3);
    expect(roomDataCount(host)).toBe(hostLists);
    expect(roomDataCount(third)).toBe(thirdLists);
    [host, tab, third].forEach((socket) => socket.close());
  });

  it('sends nobody a list when a second tab leaves or closes', async () => {
    const { guest, roomId, host, tab } = await settledRoom('Second tab leaves');
    const second = await TestSocket.joined(guest.client, roomId, 'Guest');
    const third = await TestSocket.joined(guest.client, roomId, 'Guest');
    await sleep(PRESENCE_INTERVAL_MS * 3);
    const [hostLists, tabLists] = [roomDataCount(host), roomDataCount(tab)];
    // The guest is still here in the first tab: the list is the same.
    expect(await second.emit('leave')).toEqual({ result: 'You left the room' });
    third.close();
    await sleep(PRESENCE_INTERVAL_MS * 3);
    expect(roomDataCount(host)).toBe(hostLists);
    expect(roomDataCount(tab)).toBe(tabLists);
    // The last tab's leave is news.
    tab.close();
    await host.waitFor(() => names(host.events('roomData').at(-1)).length === 1);
    expect(names(host.events('roomData').at(-1))).toEqual(['Owner']);
    host.close();
    second.close();
  });

  it('sends a repeated join its list, and the others nothing', async () => {
    const { roomId, host, tab } = await settledRoom('Join again');
    const hostLists = roomDataCount(host);
    const tabLists = roomDataCount(tab);
    expect(await tab.emit('join', { name: 'Guest', room: roomId })).toEqual({});
    await tab.waitForEvent('roomData', tabLists + 1);
    expect(names(tab.events('roomData').at(-1))).toEqual(['Guest', 'Owner']);
    await sleep(PRESENCE_INTERVAL_MS * 3);
    expect(roomDataCount(host)).toBe(hostLists);
    expect(roomDataCount(tab)).toBe(tabLists + 1);
    host.close();
    tab.close();
  });
});
