/**
 * Mentions and 'seen by' (issue 33): an `@nickname` of a member is marked in the HTML, listed
 * in `mentions` and, after the room's summary flush, shown as the room list's `unreadMentions`
 * until the member reads past it; `seen` tells the members who share their read position how
 * far the others who share have read, at most once a second, and a person who does not share
 * neither hears nor is told.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { SEEN_INTERVAL_MS, type SeenEvent } from '../../contract/realtime';
import { POSITIONS_MAX, SeenPositions } from '../../worker/chat/messages/seen-positions';
import type { RoomSockets } from '../../worker/chat/sockets/socket-state';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { RoomMembers } from '../../worker/chat/room/room-members';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient, type Client } from './support/api';
import { eventsFor, flush, post, roomListEntry } from './support/messages';
import { createRoom, joinRoom, ownerAndGuest, ownerAndGuestJoined } from './support/rooms';
import { sleep } from './support/room-object';
import { TestSocket } from './support/socket';
import { connectWithTicket, ticketFor } from './tickets-helpers';

const unreadMentions = async (client: Client, roomId: string) =>
  (await roomListEntry(client, roomId))?.unreadMentions;

const shareReads = (client: Client, share: boolean) =>
  client.call('/user/preferences', { method: 'PATCH', body: { shareReads: share } });

type Position = { nickname: string; messageId: number };

/** Whether a `seen` the socket got says `nickname` has read up to `messageId`. */
const told = (socket: TestSocket, nickname: string, messageId: number) =>
  socket
    .events('seen')
    .some((seen: { positions: Position[] }) =>
      seen.positions.some((p) => p.nickname === nickname && p.messageId === messageId),
    );

const byNickname = (a: Position, b: Position) => a.nickname.localeCompare(b.nickname);

/**
 * The positions a sharer joining the room would be given if it restarted now (a deploy) before
 * its next `seen`: a fresh SeenPositions over the same storage, as the restarted object makes.
 */
const givenAfterRestart = (roomId: string) =>
  runInDurableObject(roomStub(env, roomId), (_room, state) => {
    const sent: SeenEvent[] = [];
    const restarted = new SeenPositions(state.storage.sql, {} as RoomSockets);
    const joining = { join: () => {}, emit: (_event: string, seen: SeenEvent) => sent.push(seen) };
    restarted.joined(joining as unknown as Parameters<SeenPositions['joined']>[0]);
    return sent[0]!.positions;
  });

describe('mentions', () => {
  it('mark a member named with @, not a stranger, nor a name in code or a link', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Mentions' });
    const plain: [string, string][] = [
      ['@nobody hi', '@nobody hi'],
      ['`@Guest` is code', '<code>@Guest</code> is code'],
      ['[@Guest](https://example.com)', '<a href="https://example.com"'],
      ['see https://example.com/@Guest', 'https://example.com/@Guest</a>'],
      ['mail me@Guest', 'mail me@Guest'],
    ];
    for (const [text, html] of plain) {
      const message = await post(a, roomId, text);
      expect(message.mentions, text).toBeUndefined();
      expect(message.text, text).toContain(html);
      expect(message.text, text).not.toContain('mention');
    }
    await flush(roomId);
    expect(await unreadMentions(guest.client, roomId)).toBe(false);

    const mention = await post(a, roomId, '@Guest hi');
    expect(mention.mentions).toEqual(['Guest']);
    expect(mention.text).toBe('<span class="mention">@Guest</span> hi');
    // Any case, and a sentence's full stop after the nickname is not part of it.
    const again = await post(a, roomId, 'thanks @guest.');
    expect(again.mentions).toEqual(['Guest']);
    expect(again.text).toBe('thanks <span class="mention">@guest</span>.');
    expect((await eventsFor(b, 'message', again.id))[0]).toEqual(again);

    expect(await flush(roomId)).toBe(true);
    expect(await unreadMentions(guest.client, roomId)).toBe(true);
    expect(await unreadMentions(owner.client, roomId)).toBe(false);

    // Read up to the first mention only: the second is still unread.
    expect(await b.emit('read', { messageId: mention.id })).toEqual({});
    await flush(roomId);
    expect(await unreadMentions(guest.client, roomId)).toBe(true);
    expect(await b.emit('read', { messageId: again.id })).toEqual({});
    expect(await flush(roomId)).toBe(true);
    expect(await unreadMentions(guest.client, roomId)).toBe(false);
    a.close();
    b.close();
  });

  it('do not mark the room for a mention deleted before the summary went', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Mentions' });
    const mention = await post(a, roomId, '@Guest look at this');
    expect(await a.emit('deleteMessage', { roomId, messageId: mention.id })).toEqual({});
    await flush(roomId);
    expect(await unreadMentions(guest.client, roomId)).toBe(false);
    // A mention that stays still marks it.
    await post(a, roomId, 'sorry @Guest, this one');
    await flush(roomId);
    expect(await unreadMentions(guest.client, roomId)).toBe(true);
    a.close();
    b.close();
  });

  it('an edit that names a member tells the room so, and marks the room for them', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Mentions' });
    const message = await post(a, roomId, 'no one named yet');
    await flush(roomId);
    expect(await unreadMentions(guest.client, roomId)).toBe(false);

    expect(
      await a.emit('editMessage', { roomId, messageId: message.id, text: 'now @Guest, look' }),
    ).toEqual({});
    const [update] = await eventsFor(b, 'messageUpdated', message.id);
    expect(update).toEqual({
      id: message.id,
      text: 'now <span class="mention">@Guest</span>, look',
      editedAt: expect.any(Number),
      mentions: ['Guest'],
    });
    expect(await flush(roomId)).toBe(true);
    expect(await unreadMentions(guest.client, roomId)).toBe(true);
    a.close();
    b.close();
  });
  it('name members who are not online, and no longer someone removed from the room', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Mentions' });
    const carol = await signedInClient();
    expect((await joinRoom(carol.client, roomId, 'Carol')).status).toBe(200);
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    // Neither the guest nor Carol has connected: the room knows them from D1, read at the
    // first join (awaited here: until D1 answers, only those who joined are known).
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => room.parts.members.load());
    const both = await post(a, roomId, '@Carol and @Guest, hello');
    expect(both.mentions).toEqual(['Carol', 'Guest']);

    const kick = await owner.client.call(`/rooms/${roomId}/kick`, {
      body: { targetUserId: guest.user.id },
    });
    expect(kick.status).toBe(200);
    const after = await post(a, roomId, '@Carol and @Guest, again');
    expect(after.mentions).toEqual(['Carol']);
    expect(after.text).toBe('<span class="mention">@Carol</span> and @Guest, again');
    a.close();
  });
});

describe("the room's members, for mentions", () => {
  /** A D1 whose one batch waits until the test answers it. */
  function heldMembers() {
    let answer: (results: unknown) => void = () => {};
    const db = {
      prepare: () => ({ bind: () => ({}) }),
      batch: () => new Promise((resolve) => (answer = resolve)),
    } as unknown as D1Database;
    const members = new RoomMembers(
      () => db,
      () => 'room',
    );
    return { members, answer: (rows: unknown[]) => answer([{ results: rows }, { results: [] }]) };
  }

  it('keep a nickname with whoever took it, whichever rename the room hears last', () => {
    const { members } = heldMembers();
    members.set('ann', 'Ann');
    // Ann became Zed, then Bea took 'Ann': the calls reached the room in the other order.
    members.set('bea', 'Ann');
    members.set('ann', 'Zed');
    expect(members.userIdOf('Ann')).toBe('bea');
    expect(members.find('zed')).toBe('Zed');
    // Nor does Ann's removal take the nickname from Bea.
    members.remove('ann');
    expect(members.userIdOf('ann')).toBe('bea');
  });

  it('leave out someone removed while D1 answered, and a nickname taken meanwhile', async () => {
    const { members, answer } = heldMembers();
    const loading = members.load();
    members.remove('guest'); // a kick while the read was on its way
    members.set('dan', 'Carol2');
    answer([
      { user_id: 'guest', nickname: 'Guest' },
      { user_id: 'carol', nickname: 'Carol' },
      { user_id: 'old', nickname: 'Carol2' },
    ]);
    await loading;
    expect(members.find('guest')).toBeUndefined();
    expect(members.find('carol')).toBe('Carol');
    expect(members.userIdOf('carol2')).toBe('dan');
  });
});

/** workerd evicts an idle object about 10 s after its last event (hibernation.test.ts). */
const IDLE_MS = 15_000;
const MARK = Symbol.for('mentions-test-instance');

describe('mentions after the room hibernated', () => {
  it(
    'still name the members, online or not, when no join came since the wake',
    async () => {
      const { owner, guest, roomId } = await ownerAndGuest({ name: 'Sleepy mentions' });
      const carol = await signedInClient();
      expect((await joinRoom(carol.client, roomId, 'Carol')).status).toBe(200);
      const a = await TestSocket.joined(owner.client, roomId, 'Owner');
      const b = await TestSocket.joined(guest.client, roomId, 'Guest');
      const stub = roomStub(env, roomId);
      await runInDurableObject(stub, (room: ChatRoom) => room.parts.members.load());
      expect((await post(a, roomId, '@Carol and @Guest, hi')).mentions).toEqual(['Carol', 'Guest']);
      await runInDurableObject(stub, (room) => {
        (room as unknown as Record<symbol, boolean>)[MARK] = true;
      });
      // Quiet: the runtime evicts the object; both sockets stay open and joined.
      await sleep(IDLE_MS);
      const woken = await runInDurableObject(
        stub,
        (room) => (room as unknown as Record<symbol, boolean>)[MARK],
      );
      expect(woken).toBeUndefined();

      // The first, which names someone, waits for the members; the second stays behind it.
      const [after, plain] = await Promise.all([
        post(a, roomId, '@Carol and @Guest, still there?'),
        post(a, roomId, 'right behind it'),
      ]);
      expect(after.mentions).toEqual(['Carol', 'Guest']);
      expect(plain.id).toBeGreaterThan(after.id);
      const edited = await post(b, roomId, 'soon naming someone');
      expect(
        await b.emit('editMessage', { roomId, messageId: edited.id, text: 'hey @Owner' }),
      ).toEqual({});
      expect((await eventsFor(a, 'messageUpdated', edited.id))[0].mentions).toEqual(['Owner']);
      a.close();
      b.close();
    },
    IDLE_MS + 20_000,
  );
});

describe('seen', () => {
  it(`carries at most ${POSITIONS_MAX} positions a frame; the others follow a second later`, async () => {
    const owner = await signedInClient();
    const roomId = await createRoom(owner.client, 'Crowd', 'Owner');
    const frames = await runInDurableObject(roomStub(env, roomId), async (_room, state) => {
      const sent: SeenEvent[] = [];
      const sockets = {
        broadcast: (_event: string, [seen]: [SeenEvent]) => sent.push(seen),
      } as unknown as RoomSockets;
      const seen = new SeenPositions(state.storage.sql, sockets);
      // A big room where everyone read the newest message within the same second.
      for (let i = 0; i < POSITIONS_MAX + 100; i++) seen.moved(`user-${i}`, `Reader${i}`, 7);
      await sleep(SEEN_INTERVAL_MS * 2 + 500);
      return sent.map((event) => event.positions.length);
    });
    expect(frames).toEqual([POSITIONS_MAX, 100]);
  });

  it('tells the others how far a member has read, within about a second, moved ones only', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    const m1 = await post(a, roomId, 'one');
    const m2 = await post(a, roomId, 'two');
    const m3 = await post(a, roomId, 'three');
    // Sending moves no position the room tells of (clients count an author as having read up
    // to their own message): no `seen` for a message a second, per member.
    await sleep(SEEN_INTERVAL_MS + 200);
    expect(b.events('seen').some((seen: { positions: Position[] }) => seen.positions.length)).toBe(
      false,
    );

    const readAt = Date.now();
    expect(await b.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m1.id));
    expect(Date.now() - readAt).toBeLessThan(SEEN_INTERVAL_MS + 600);
    expect(a.events('seen').at(-1)).toEqual({
      positions: [{ nickname: 'Guest', messageId: m1.id }],
    });

    // Two reads within one interval: one `seen`, with where the reader got to.
    const before = a.events('seen').length;
    expect(await b.emit('read', { messageId: m2.id })).toEqual({});
    expect(await b.emit('read', { messageId: m3.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m3.id));
    await sleep(SEEN_INTERVAL_MS + 200);
    expect(a.events('seen').slice(before)).toEqual([
      { positions: [{ nickname: 'Guest', messageId: m3.id }] },
    ]);
    expect(told(a, 'Guest', m2.id)).toBe(false);

    a.close();
    b.close();
  });

  it('a fresh join gets every position at once', async () => {
    const { owner, roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    const m1 = await post(a, roomId, 'one');
    const m2 = await post(b, roomId, 'two');
    expect(await b.emit('read', { messageId: m2.id })).toEqual({});
    expect(await a.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m2.id) && told(a, 'Owner', m1.id));

    const tab = await TestSocket.joined(owner.client, roomId, 'Owner');
    const [first] = await tab.waitForEvent('seen');
    expect([...first.positions].sort(byNickname)).toEqual([
      { nickname: 'Guest', messageId: m2.id },
      { nickname: 'Owner', messageId: m1.id },
    ]);
    for (const socket of [a, b, tab]) socket.close();
  });

  it('leaves out a person who does not share: they get no `seen`, and nobody hears theirs', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Seen' });
    expect((await shareReads(guest.client, false)).status).toBe(200);
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const b = await TestSocket.joined(guest.client, roomId, 'Guest');
    const m1 = await post(a, roomId, 'one');
    const m2 = await post(b, roomId, 'two');
    expect(await b.emit('read', { messageId: m2.id })).toEqual({});
    expect(await a.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Owner', m1.id));
    await sleep(SEEN_INTERVAL_MS + 300);
    expect(b.events('seen')).toEqual([]);
    const nicknames = a
      .events('seen')
      .flatMap((seen: { positions: Position[] }) => seen.positions.map((p) => p.nickname));
    expect(nicknames).not.toContain('Guest');

    const tab = await TestSocket.joined(owner.client, roomId, 'Owner');
    const [first] = await tab.waitForEvent('seen');
    expect(first).toEqual({ positions: [{ nickname: 'Owner', messageId: m1.id }] });
    for (const socket of [a, b, tab]) socket.close();
  });

  it('stopping sharing takes the position back from everyone; starting again gives it', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    const m1 = await post(a, roomId, 'one');
    expect(await b.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m1.id));

    // The setting reaches the room (readSharingChanged) while the guest's socket is open.
    expect((await shareReads(guest.client, false)).status).toBe(200);
    await a.waitFor(() => told(a, 'Guest', 0));
    const heardByGuest = b.events('seen').length;
    const m2 = await post(a, roomId, 'two');
    expect(await b.emit('read', { messageId: m2.id })).toEqual({});
    expect(await a.emit('read', { messageId: m2.id })).toEqual({});
    await a.waitFor(() => told(a, 'Owner', m2.id));
    await sleep(SEEN_INTERVAL_MS + 300);
    expect(b.events('seen')).toHaveLength(heardByGuest);
    expect(told(a, 'Guest', m2.id)).toBe(false);

    // Sharing again: their socket hears every position at once, and theirs moves again.
    expect((await shareReads(guest.client, true)).status).toBe(200);
    await b.waitForEvent('seen', heardByGuest + 1);
    expect(b.events('seen')[heardByGuest]).toEqual({
      positions: [{ nickname: 'Owner', messageId: m2.id }],
    });
    const m3 = await post(a, roomId, 'three');
    expect(await b.emit('read', { messageId: m3.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m3.id));
    a.close();
    b.close();
  });

  it('stopping sharing takes the position out of storage at once: a restart cannot give it back', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    const m1 = await post(a, roomId, 'one');
    expect(await b.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m1.id)); // stored with that `seen`
    expect((await shareReads(guest.client, false)).status).toBe(200);
    expect(await givenAfterRestart(roomId)).toEqual([]);
    a.close();
    b.close();
  });

  it('a rename moves the stored position at once: a restart does not name the old nickname', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    const m1 = await post(a, roomId, 'one');
    expect(await b.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m1.id));
    expect((await joinRoom(guest.client, roomId, 'Renamed')).status).toBe(200);
    // Whoever takes 'Guest' next must not be shown as its reader.
    expect(await givenAfterRestart(roomId)).toEqual([{ nickname: 'Renamed', messageId: m1.id }]);
    a.close();
    b.close();
  });

  it('stopping sharing holds for a socket opened with a ticket issued before it', async () => {
    const { owner, guest, roomId } = await ownerAndGuest({ name: 'Seen' });
    // The chat screen reuses its ticket for the reconnects of its minute.
    const ticket = await ticketFor(guest.client, roomId);
    expect((await shareReads(guest.client, false)).status).toBe(200);
    const a = await TestSocket.joined(owner.client, roomId, 'Owner');
    const { socket: b, answer } = await connectWithTicket(roomId, ticket, { ip: guest.client.ip });
    expect(answer.startsWith('40')).toBe(true);
    expect(await b.emit('join', { name: 'Guest', room: roomId })).toEqual({});
    const m1 = await post(a, roomId, 'one');
    expect(await b.emit('read', { messageId: m1.id })).toEqual({});
    expect(await a.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Owner', m1.id));
    await sleep(SEEN_INTERVAL_MS + 300);
    expect(told(a, 'Guest', m1.id)).toBe(false);
    expect(b.events('seen')).toEqual([]);
    a.close();
    b.close();
  });

  it("a deleted account's position goes: nobody who takes its nickname is shown as its reader", async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    const m1 = await post(a, roomId, 'one');
    expect(await b.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m1.id));
    const deleted = await guest.client.call('/auth/settings/account', {
      method: 'DELETE',
      body: { password: guest.account.password },
    });
    expect(deleted.status).toBe(200);
    await a.waitFor(() => told(a, 'Guest', 0));
    // Nor does a mention name the account that is gone.
    expect((await post(a, roomId, '@Guest hi')).mentions).toBeUndefined();

    // Someone else takes the nickname, and does not share their reads.
    const carol = await signedInClient();
    expect((await shareReads(carol.client, false)).status).toBe(200);
    expect((await joinRoom(carol.client, roomId, 'Guest')).status).toBe(200);
    const tab = await TestSocket.joined(owner.client, roomId, 'Owner');
    const [first] = await tab.waitForEvent('seen');
    expect(first.positions.map((p: Position) => p.nickname)).not.toContain('Guest');
    a.close();
    tab.close();
  });

  it('a rename moves the position to the new nickname and takes it from the old one', async () => {
    const { owner, guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    const m1 = await post(a, roomId, 'one');
    expect(await b.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Guest', m1.id));
    expect((await joinRoom(guest.client, roomId, 'Renamed')).status).toBe(200);
    await a.waitFor(() => told(a, 'Guest', 0) && told(a, 'Renamed', m1.id));

    // Whoever takes the old nickname next is not shown as having read anything.
    const carol = await signedInClient();
    expect((await shareReads(carol.client, false)).status).toBe(200);
    expect((await joinRoom(carol.client, roomId, 'Guest')).status).toBe(200);
    const tab = await TestSocket.joined(owner.client, roomId, 'Owner');
    const [first] = await tab.waitForEvent('seen');
    expect(first.positions).toEqual([{ nickname: 'Renamed', messageId: m1.id }]);
    for (const socket of [a, b, tab]) socket.close();
  });

  it('stopping sharing reaches a socket that left the room but stayed connected', async () => {
    const { guest, roomId, a, b } = await ownerAndGuestJoined({ name: 'Seen' });
    await b.waitForEvent('seen');
    expect(await b.emit('leave', { room: roomId })).toEqual({ result: 'You left the room' });
    expect((await shareReads(guest.client, false)).status).toBe(200);
    const heardByGuest = b.events('seen').length;
    const m1 = await post(a, roomId, 'one');
    expect(await a.emit('read', { messageId: m1.id })).toEqual({});
    await a.waitFor(() => told(a, 'Owner', m1.id));
    await sleep(300);
    // A person who no longer shares hears nobody's position, on any socket of theirs.
    expect(b.events('seen')).toHaveLength(heardByGuest);
    a.close();
    b.close();
  });
});
