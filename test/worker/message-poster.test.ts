import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
import { MessageBatch } from '../../worker/chat/message-batch';
import { MessagePoster } from '../../worker/chat/message-poster';
import type { MessageStore } from '../../worker/chat/message-store';

/** A store in memory: ids count up, as the room's SQLite table does. */
function memoryStore() {
  let nextId = 1;
  return {
    add: (_userId: string | null, user: string, text: string): ChatMessage => ({
      id: nextId++,
      user,
      text,
      messageType: 'user',
      createdAt: Date.now(),
    }),
    byClientId: () => null,
  } as unknown as MessageStore;
}

describe('posting a batch of messages', () => {
  it('answers each sender right before its broadcast, in the same event, before the next', async () => {
    const events: string[] = [];
    const poster = new MessagePoster(memoryStore(), (message) =>
      events.push(`broadcast ${message.text}`),
    );
    const post = (text: string) =>
      poster
        .post({
          userId: 'u',
          nickname: 'Ada',
          html: text,
          clientId: crypto.randomUUID(),
          onStored: (message) => events.push(`ack ${message.text} #${message.id}`),
        })
        .then(() => events.push(`settled ${text}`));
    // A quiet room stores its first message at once; two sends right after it arrive
    // together and go out in one batch.
    await post('warm-up');
    events.length = 0;
    await Promise.all([post('one'), post('two')]);
    expect(events.slice(0, 4)).toEqual([
      'ack one #2',
      'broadcast one',
      'ack two #3',
      'broadcast two',
    ]);
    // The promises settle later, on microtasks: the acknowledgements did not wait for them.
    expect(events.slice(4).sort()).toEqual(['settled one', 'settled two']);
  });
});

describe('a kick while sends wait for their batch', () => {
  it('refuses the kicked person’s sends and stores the others', async () => {
    const broadcasts: string[] = [];
    const poster = new MessagePoster(memoryStore(), (message) => broadcasts.push(message.text));
    const post = (userId: string, text: string) =>
      poster.post({ userId, nickname: userId, html: text, clientId: crypto.randomUUID() });
    const kept = post('stays', 'hello');
    const refused = post('kicked', 'spam');
    poster.discard(new Error('You were removed from this room'), 'kicked');

    await expect(refused).rejects.toThrow('You were removed from this room');
    expect((await kept).text).toBe('hello');
    expect(broadcasts).toEqual(['hello']);
  });
});

describe('when a batch is stored', () => {
  it('a message in a quiet room is stored in its own event; one right after waits for the batch', async () => {
    const stored: string[] = [];
    const batch = new MessageBatch((pending) =>
      pending.map(({ html }) => {
        stored.push(html);
        return { id: stored.length, user: 'Ada', text: html, messageType: 'user', createdAt: 0 };
      }),
    );
    const first = batch.add({ userId: 'u', nickname: 'Ada', html: 'first' });
    expect(stored).toEqual(['first']);
    const second = batch.add({ userId: 'u', nickname: 'Ada', html: 'second' });
    const third = batch.add({ userId: 'u', nickname: 'Ada', html: 'third' });
    expect(stored).toEqual(['first']);
    expect((await Promise.all([first, second, third])).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(stored).toEqual(['first', 'second', 'third']);
  });
});
