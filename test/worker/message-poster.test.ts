import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../contract/realtime';
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
    // Two sends that arrive together go out in one batch.
    await Promise.all([post('one'), post('two')]);
    expect(events.slice(0, 4)).toEqual([
      'ack one #1',
      'broadcast one',
      'ack two #2',
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
    poster.discardFrom('kicked', new Error('You were removed from this room'));

    await expect(refused).rejects.toThrow('You were removed from this room');
    expect((await kept).text).toBe('hello');
    expect(broadcasts).toEqual(['hello']);
  });
});
