import { describe, expect, it } from 'vitest';
import type { ChatMessage, Refused } from '../../contract/realtime';
import { MessagePosting, type PostAnswer } from '../../worker/chat/messages/message-posting';
import type { MessageStore } from '../../worker/chat/messages/message-store';
import type { ReadPositions } from '../../worker/chat/messages/read-positions';
import type { RoomSockets } from '../../worker/chat/sockets/socket-state';

/**
 * A store in memory: ids count up, as the room's SQLite table does. `failOn` makes it throw
 * for that text; `offsets` gets each message's recovery offset, by its text; `trim` is its
 * trimIfDue.
 */
function memoryStore(
  stored: string[] = [],
  failOn?: string,
  offsets?: Map<string, number>,
  trim: () => void = () => {},
) {
  let nextId = 1;
  return {
    addDeferringTrim: (
      _userId: string | null,
      user: string,
      text: string,
      _type: string,
      _clientId: string | null,
      _extras: unknown,
      offset: number | null,
    ): ChatMessage => {
      if (text === failOn) throw new Error('disk full');
      stored.push(text);
      if (offset !== null) offsets?.set(text, offset);
      return { id: nextId++, user, text, messageType: 'user', createdAt: Date.now() };
    },
    byClientId: () => null,
    trimIfDue: trim,
  } as unknown as MessageStore;
}

const reads = { sent: () => {} } as unknown as ReadPositions;

/**
 * The room's sockets, as far as posting uses them: a stored broadcast hands out offsets that
 * count up, as the recovery store's do, and each one sent is noted with its offset.
 */
function sockets(note: (message: ChatMessage, offset: number) => void) {
  let lastOffset = 0;
  return {
    broadcastStored: (_event: string, store: (offset: number) => [ChatMessage]) => {
      const offset = ++lastOffset;
      const [message] = store(offset);
      note(message, offset);
    },
  } as unknown as RoomSockets;
}

/** Posts `html` and answers a promise of its outcome. */
function post(posting: MessagePosting, userId: string, html: string, answer?: PostAnswer) {
  return new Promise<ChatMessage | Refused | Error>((resolve) =>
    posting.post({
      userId,
      nickname: userId,
      html,
      clientId: crypto.randomUUID(),
      answer: (outcome) => {
        answer?.(outcome);
        resolve(outcome);
      },
    }),
  );
}

describe('posting a batch of messages', () => {
  it('answers each sender right before its broadcast, in the same event, before the next', async () => {
    const events: string[] = [];
    const posting = new MessagePosting(
      memoryStore(),
      reads,
      sockets((message) => events.push(`broadcast ${message.text}`)),
    );
    const ack = (outcome: ChatMessage | Refused | Error) => {
      const message = outcome as ChatMessage;
      events.push(`ack ${message.text} #${message.id}`);
    };
    // A quiet room stores its first message at once; two sends right after it arrive
    // together and go out in one batch.
    await post(posting, 'u', 'warm-up', ack);
    events.length = 0;
    await Promise.all([post(posting, 'u', 'one', ack), post(posting, 'u', 'two', ack)]);
    expect(events).toEqual(['ack one #2', 'broadcast one', 'ack two #3', 'broadcast two']);
  });

  it('trims once the batch is broadcast, and a trim that fails takes nothing from it', async () => {
    const events: string[] = [];
    const trim = () => {
      events.push('trim');
      throw new Error('disk full');
    };
    const posting = new MessagePosting(
      memoryStore([], undefined, undefined, trim),
      reads,
      sockets((message) => events.push(`broadcast ${message.text}`)),
    );
    await post(posting, 'u', 'warm-up');
    events.length = 0;
    const answers = await Promise.all([post(posting, 'u', 'one'), post(posting, 'u', 'two')]);
    expect(answers.map((answer) => (answer as ChatMessage).text)).toEqual(['one', 'two']);
    expect(events).toEqual(['broadcast one', 'broadcast two', 'trim']);
  });
});

describe('a kick while sends wait for their batch', () => {
  it('refuses the kicked person’s sends and stores the others', async () => {
    const broadcasts: string[] = [];
    const posting = new MessagePosting(
      memoryStore(),
      reads,
      sockets((message) => broadcasts.push(message.text)),
    );
    // The first goes out at once (a quiet room); the next two wait for their batch.
    await post(posting, 'stays', 'first');
    const kept = post(posting, 'stays', 'hello');
    const refused = post(posting, 'kicked', 'spam');
    posting.discard({ code: 'sender_removed', error: 'You were removed from this room' }, 'kicked');

    expect(await refused).toEqual({
      code: 'sender_removed',
      error: 'You were removed from this room',
    });
    expect(((await kept) as ChatMessage).text).toBe('hello');
    expect(broadcasts).toEqual(['first', 'hello']);
  });
});

describe('when a batch is stored', () => {
  it('a message in a quiet room is stored in its own event; one right after waits for the batch', async () => {
    const stored: string[] = [];
    const posting = new MessagePosting(
      memoryStore(stored),
      reads,
      sockets(() => {}),
    );
    const first = post(posting, 'u', 'first');
    expect(stored).toEqual(['first']);
    const second = post(posting, 'u', 'second');
    const third = post(posting, 'u', 'third');
    expect(stored).toEqual(['first']);
    const ids = (await Promise.all([first, second, third])).map((m) => (m as ChatMessage).id);
    expect(ids).toEqual([1, 2, 3]);
    expect(stored).toEqual(['first', 'second', 'third']);
  });

  it('a resend while the first is queued gets the first one’s answer, and nothing is stored twice', async () => {
    const stored: string[] = [];
    const posting = new MessagePosting(
      memoryStore(stored),
      reads,
      sockets(() => {}),
    );
    await post(posting, 'u', 'warm-up');
    const clientId = crypto.randomUUID();
    const first = new Promise((resolve) =>
      posting.post({ userId: 'u', nickname: 'u', html: 'once', clientId, answer: resolve }),
    );
    const again = new Promise((resolve) =>
      expect(posting.resend('u', clientId, resolve)).toBe(true),
    );
    expect(await again).toBe(await first);
    expect(stored).toEqual(['warm-up', 'once']);
  });

  it('stores each message with the offset it is broadcast with, for a recovery to replay', async () => {
    const offsets = new Map<string, number>();
    const sent = new Map<string, number>();
    const posting = new MessagePosting(
      memoryStore([], undefined, offsets),
      reads,
      sockets((message, offset) => sent.set(message.text, offset)),
    );
    await post(posting, 'u', 'warm-up');
    await Promise.all([post(posting, 'u', 'one'), post(posting, 'u', 'two')]);
    expect([...sent]).toEqual([
      ['warm-up', 1],
      ['one', 2],
      ['two', 3],
    ]);
    expect(offsets).toEqual(sent);
  });

  it('a message that fails to store is answered with the error, and the rest of its batch goes', async () => {
    const broadcasts: string[] = [];
    const posting = new MessagePosting(
      memoryStore([], 'broken'),
      reads,
      sockets((message) => broadcasts.push(message.text)),
    );
    await post(posting, 'u', 'warm-up');
    const [broken, after] = await Promise.all([
      post(posting, 'u', 'broken'),
      post(posting, 'u', 'after'),
    ]);
    expect(broken).toBeInstanceOf(Error);
    expect((after as ChatMessage).text).toBe('after');
    expect(broadcasts).toEqual(['warm-up', 'after']);
  });
});
