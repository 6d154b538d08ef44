/**
 * Web Push with the app closed (issue 35, docs/push.md), against the tests' own push service
 * (test/support/push-service.ts): members subscribe with their own P-256 keys; a message goes
 * out through the room's flush and the 'push' queue; at the endpoint the VAPID signature is
 * checked and the body decrypted to `{ roomId, messageId }` and nothing else. Levels, sockets
 * joined and authorship decide who gets one; a 404 or 410 removes the subscription.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { signedInClient, type Client } from './support/api';
import { flush, post } from './support/messages';
import {
  decryptPush,
  newSubscriber,
  received,
  receivedAtLeast,
  storedRows,
  subscribe,
  verifyVapid,
  type Subscriber,
} from './support/push';
import { createRoom, joinRoom } from './support/rooms';
import { TestSocket } from './support/socket';

interface Member {
  client: Client;
  userId: string;
  nickname: string;
  subscriber: Subscriber;
}

/** A signed-in member of the room under `nickname`, subscribed, with a level set in D1. */
async function member(roomId: string | null, nickname: string, level: string | null = null) {
  const { client, user } = await signedInClient();
  const room = roomId ?? (await createRoom(client, 'Push room', nickname));
  if (roomId) expect((await joinRoom(client, roomId, nickname)).status).toBe(200);
  await env.DB.prepare(
    'UPDATE memberships SET notification_level = ? WHERE room_id = ? AND user_id = ?',
  )
    .bind(level, room, user.id)
    .run();
  const subscriber = await newSubscriber();
  await subscribe(client, subscriber);
  return { roomId: room, member: { client, userId: user.id as string, nickname, subscriber } };
}

/** `author` opens a socket, sends, and is gone from the room again before the flush. */
async function sendAndLeave(
  author: Member,
  roomId: string,
  text: string,
  extra: Record<string, unknown> = {},
) {
  const socket = await TestSocket.joined(author.client, roomId, author.nickname);
  const message = await post(socket, roomId, text, extra);
  socket.close();
  await untilNoSocketOf(roomId, author.userId);
  await flush(roomId);
  return message.id as number;
}

async function untilNoSocketOf(roomId: string, userId: string) {
  for (let i = 0; i < 100; i++) {
    const open = await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) =>
      room.parts.presence.socketsOf(userId),
    );
    if (open === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the socket stayed open');
}

async function payloadOf(subscriber: Subscriber, index: number) {
  const pushes = await receivedAtLeast(subscriber, index + 1);
  return JSON.parse(await decryptPush(subscriber, pushes[index]!)) as unknown;
}

describe('a push at the test push service', () => {
  it('is signed by VAPID, encrypted to the browser, and carries only { roomId, messageId }', async () => {
    const { roomId, member: alice } = await member(null, 'Alice');
    const { member: bob } = await member(roomId, 'Bob');
    const secret = 'The meeting moved to Thursday at nine';
    const id = await sendAndLeave(alice, roomId, secret);

    const [push] = await receivedAtLeast(bob.subscriber, 1);
    await verifyVapid(push!);
    expect(push!.headers.ttl).toBe('86400');
    expect(push!.headers.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);
    expect(push!.headers.urgency).toBe('normal');
    expect(push!.headers['content-type']).toBe('application/octet-stream');
    const plaintext = await decryptPush(bob.subscriber, push!);
    expect(JSON.parse(plaintext)).toEqual({ roomId, messageId: id });
    expect(plaintext).not.toContain('Thursday');
    expect(plaintext).not.toContain('Alice');
    expect(plaintext).not.toContain('Push room');
    // Neither is any of it readable on the wire.
    const wire = atob(push!.body);
    for (const word of ['Thursday', 'Alice', 'Push room', roomId]) expect(wire).not.toContain(word);

    // The same room's next push has the same Topic (one notification per room on a phone).
    await sendAndLeave(alice, roomId, 'and bring the slides');
    const pushes = await receivedAtLeast(bob.subscriber, 2);
    expect(pushes[1]!.headers.topic).toBe(push!.headers.topic);
    // The author was never pushed their own messages.
    expect(await received(alice.subscriber)).toEqual([]);
  });

  it('follows the levels, skips members joined and the author, and marks mentions urgent', async () => {
    const { roomId, member: alice } = await member(null, 'Alice', 'all');
    const { member: bob } = await member(roomId, 'Bob', 'all');
    const { member: dave } = await member(roomId, 'Dave', 'off');
    const { member: eve } = await member(roomId, 'Eve', 'mentions');
    const { member: frank } = await member(roomId, 'Frank', 'mentions');
    const { member: carol } = await member(roomId, 'Carol', 'all');
    const carolSocket = await TestSocket.joined(carol.client, roomId, 'Carol');

    // Frank's message: Bob and Alice ('all', away) get it; nobody else.
    const fromFrank = await sendAndLeave(frank, roomId, 'Anyone up for lunch?');
    expect(await payloadOf(bob.subscriber, 0)).toEqual({ roomId, messageId: fromFrank });
    expect(await payloadOf(alice.subscriber, 0)).toEqual({ roomId, messageId: fromFrank });

    // Alice's plain message: Bob only ('mentions' without a mention, 'off', joined, author).
    const plain = await sendAndLeave(alice, roomId, 'Just a plain message');
    expect(await payloadOf(bob.subscriber, 1)).toEqual({ roomId, messageId: plain });

    // A mention of Eve (and of Dave, who is 'off') and a reply to Frank's message.
    const socket = await TestSocket.joined(alice.client, roomId, 'Alice');
    const mention = await post(socket, roomId, '@Eve and @Dave, see this');
    const reply = await post(socket, roomId, 'Yes, me', { replyTo: fromFrank });
    socket.close();
    await untilNoSocketOf(roomId, alice.userId);
    await flush(roomId);
    expect(await payloadOf(eve.subscriber, 0)).toEqual({ roomId, messageId: mention.id });
    expect(await payloadOf(frank.subscriber, 0)).toEqual({ roomId, messageId: reply.id });
    expect((await received(eve.subscriber))[0]!.headers.urgency).toBe('high');
    expect((await received(frank.subscriber))[0]!.headers.urgency).toBe('high');
    // One push per member per flush: Bob's is the newest of the two.
    expect(await payloadOf(bob.subscriber, 2)).toEqual({ roomId, messageId: reply.id });

    // Bob got his third push from the same queue message, so every decision is made by now.
    expect(await received(dave.subscriber)).toEqual([]);
    expect(await received(carol.subscriber)).toEqual([]);
    expect(await received(alice.subscriber)).toHaveLength(1);
    expect(await received(eve.subscriber)).toHaveLength(1);
    expect(await received(frank.subscriber)).toHaveLength(1);
    expect(await received(bob.subscriber)).toHaveLength(3);
    carolSocket.close();
  });

  it('removes a subscription its push service answers 410 or 404 for, and keeps one that is busy', async () => {
    const { roomId, member: alice } = await member(null, 'Alice');
    const { member: bob } = await member(roomId, 'Bob');
    const gone = await newSubscriber('gone-');
    const missing = await newSubscriber('missing-');
    const busy = await newSubscriber('busy-');
    for (const subscriber of [gone, missing, busy]) await subscribe(bob.client, subscriber);

    await sendAndLeave(alice, roomId, 'Hello');
    await receivedAtLeast(gone, 1);
    await receivedAtLeast(missing, 1);
    await receivedAtLeast(busy, 1);
    await receivedAtLeast(bob.subscriber, 1);
    for (let i = 0; (await storedRows(gone.endpoint)).length > 0 && i < 100; i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(await storedRows(gone.endpoint)).toEqual([]);
    expect(await storedRows(missing.endpoint)).toEqual([]);
    // A 503 is tried again later, and the subscription stays.
    expect(await storedRows(busy.endpoint)).toHaveLength(1);
    expect(await storedRows(bob.subscriber.endpoint)).toHaveLength(1);
  });

  it('queues nothing while every member with a subscription is joined or has the room off', async () => {
    const { roomId, member: alice } = await member(null, 'Alice', 'all');
    const { member: bob } = await member(roomId, 'Bob', 'off');
    const { client: carol } = await signedInClient(); // away, and no subscription
    expect((await joinRoom(carol, roomId, 'Carol')).status).toBe(200);
    const queued = await countQueueSends(roomId);
    const aliceSocket = await TestSocket.joined(alice.client, roomId, 'Alice');

    await sendAndLeave(bob, roomId, 'Nobody away could be told of this');
    expect(await queued()).toBe(0);
    // Alice leaves too: she is away now, with a subscription, and hears of the next one.
    aliceSocket.close();
    await untilNoSocketOf(roomId, alice.userId);
    const next = await sendAndLeave(bob, roomId, 'Now Alice is away');
    expect(await queued()).toBe(1);
    expect(await payloadOf(alice.subscriber, 0)).toEqual({ roomId, messageId: next });
    expect(await received(alice.subscriber)).toHaveLength(1);
  });
});

/** Counts the room's sends on the push queue from now on (the queue itself still gets them). */
async function countQueueSends(roomId: string) {
  await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    const own = room as unknown as { env: Env; queueSends?: number };
    const queue = own.env.PUSH_QUEUE;
    own.queueSends = 0;
    own.env = {
      ...own.env,
      PUSH_QUEUE: Object.assign(Object.create(queue) as Queue, {
        send: (...args: Parameters<Queue['send']>) => {
          own.queueSends! += 1;
          return queue.send(...args);
        },
      }),
    };
  });
  return () =>
    runInDurableObject(
      roomStub(env, roomId),
      (room: ChatRoom) => (room as unknown as { queueSends: number }).queueSends,
    );
}
