/**
 * What the message actions do (issue 33): reactions (one emoji each, toggled, at most 20
 * distinct, naming at most 10 reactors), edits (checked and rendered as a new message is),
 * deletions (the text leaves the room's storage), each told to the room as its own event, and
 * all of them spending the sending budget. Who may act is in message-actions.test.ts.
 */
import { env, runInDurableObject } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { MESSAGE_BURST, REACTION_EMOJI_MAX, REACTION_NICKNAMES_MAX } from '../../contract/realtime';
import { EMOJIS, QUICK_REACTIONS } from '../../client/features/chat/utils/emojis';
import { isOneEmoji, storedForm } from '../../worker/chat/messages/message-reactions';
import type { ChatRoom } from '../../worker/chat/room/chat-room';
import { roomStub } from '../../worker/room-calls/room-rpc';
import { eventsFor, post, refusedWith } from './support/messages';
import { ownerAndGuestJoined } from './support/rooms';
import { sleep } from './support/room-object';

/** Toggles reactions straight on the room's object, as `count` other members would. */
function reactInRoom(roomId: string, messageId: number, reactions: [string, string][]) {
  return runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
    for (const [emoji, nickname] of reactions) {
      const message = room.parts.messages.store.find(messageId)!.message;
      room.parts.messages.changes.react(message, emoji, `user-${nickname}`, nickname);
    }
  });
}

describe('reactions', () => {
  it('takes one emoji as people mean it, modifiers, flags, families and keycaps too', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Reactions' });
    const messageId = (await post(a, roomId, 'react to me')).id as number;
    for (const emoji of ['a', '👍👍', '', 'ab😀', '1', '👍a', ':)']) {
      expect(await b.emit('react', { roomId, messageId, emoji }), JSON.stringify(emoji)).toEqual(
        refusedWith('invalid_emoji'),
      );
    }
    const accepted = ['👍', '👍🏽', '🇫🇷', '👨‍👩‍👧', '1️⃣'];
    for (const emoji of accepted) {
      expect(await b.emit('react', { roomId, messageId, emoji }), emoji).toEqual({});
    }
    const events = await eventsFor(a, 'reactions', messageId, accepted.length);
    // Only the accepted ones were told, each adding its emoji after the others.
    expect(events).toHaveLength(accepted.length);
    expect(events.at(-1)).toEqual({
      id: messageId,
      reactions: accepted.map((emoji) => ({ emoji, count: 1, nicknames: ['Guest'] })),
    });
    a.close();
    b.close();
  });

  it('refuses a pictograph dressed in what is no part of an emoji, though one grapheme', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Reactions' });
    const messageId = (await post(a, roomId, 'react to me')).id as number;
    const stacked = `👍${'\u0301\u0336\u0489'.repeat(20)}`; // marks piled above and through it
    for (const emoji of [stacked, '👍\u0301', '\u0600👍', '❤\u20dd']) {
      expect(await b.emit('react', { roomId, messageId, emoji }), JSON.stringify(emoji)).toEqual(
        refusedWith('invalid_emoji'),
      );
    }
    expect(await b.emit('react', { roomId, messageId, emoji: '🏴󠁧󠁢󠁳󠁣󠁴󠁿' })).toEqual({});
    expect(await b.emit('react', { roomId, messageId, emoji: '❤️' })).toEqual({});
    expect(await b.emit('react', { roomId, messageId, emoji: '#️⃣' })).toEqual({});
    a.close();
    b.close();
  });

  it('takes every emoji the pickers offer, and emoji built as emoji are', () => {
    const offered = [...EMOJIS, ...QUICK_REACTIONS].map(([emoji]) => emoji);
    const built = [
      '1\uFE0F\u20E3', // keycap
      '\u{1F1EB}\u{1F1F7}', // a country's flag
      '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}', // a region's flag
      '\u{1F44D}\u{1F3FD}', // a skin tone
      '\u{1F469}\u{1F3FD}\u200D\u{1F4BB}', // joined, with a skin tone
      '\u2764\uFE0F\u200D\u{1F525}', // joined, with a selector
      '\u{1F3F3}\uFE0F\u200D\u{1F308}',
      '\u{1F441}\uFE0F\u200D\u{1F5E8}\uFE0F',
      '\u2764', // text presentation, as many keyboards send it
    ];
    for (const emoji of [...offered, ...built]) expect(isOneEmoji(emoji), emoji).toBe(true);
    // What the pickers offer is stored as it is, so their chips are the ones people click.
    for (const emoji of offered) expect(storedForm(emoji), emoji).toBe(emoji);
  });

  it('refuses what looks like an emoji but would make a second chip of it', () => {
    for (const emoji of [
      '\u{1F44D}\u200D', // a joiner with nothing after it
      '\u200D\u{1F44D}',
      '\u{1F44D}\uFE0F\uFE0F', // a second selector
      '\u{1F44D}\u{E0067}\u{E007F}', // tags on anything but the black flag
      '\u{1F3F4}\u{E0067}', // a region's flag left open
      '\u{1F1EB}', // half a flag
      '\u{1F44D}\u{1F3FD}\u{1F3FD}',
      'a',
      '1',
    ]) {
      expect(isOneEmoji(emoji), JSON.stringify(emoji)).toBe(false);
    }
  });

  it('makes one chip of an emoji sent with or without its presentation selector', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Reactions' });
    const messageId = (await post(a, roomId, 'react to me')).id as number;
    let toggles = 0;
    // Each pair shows the same: a thumbs-up is an emoji with or without U+FE0F, a heart is
    // one with it (and as many keyboards send it without), a keycap too.
    for (const [first, second, stored] of [
      ['\u{1F44D}', '\u{1F44D}\uFE0F', '\u{1F44D}'],
      ['\u2764\uFE0F', '\u2764', '\u2764\uFE0F'],
      ['1\u20E3', '1\uFE0F\u20E3', '1\uFE0F\u20E3'],
      [
        '\u{1F3F3}\u200D\u{1F308}',
        '\u{1F3F3}\uFE0F\u200D\u{1F308}',
        '\u{1F3F3}\uFE0F\u200D\u{1F308}',
      ],
    ]) {
      expect(await a.emit('react', { roomId, messageId, emoji: first })).toEqual({});
      expect(await b.emit('react', { roomId, messageId, emoji: second })).toEqual({});
      toggles += 2;
      const chips = (await eventsFor(a, 'reactions', messageId, toggles)).at(-1).reactions;
      expect(chips.at(-1), JSON.stringify(second)).toEqual({
        emoji: stored,
        count: 2,
        nicknames: ['Owner', 'Guest'],
      });
      // Either form takes the person's own back.
      expect(await a.emit('react', { roomId, messageId, emoji: second })).toEqual({});
      toggles += 1;
      const after = (await eventsFor(b, 'reactions', messageId, toggles)).at(-1).reactions;
      expect(after.at(-1)).toEqual({ emoji: stored, count: 1, nicknames: ['Guest'] });
    }
    a.close();
    b.close();
  });

  it('toggles: a second reaction with the same emoji takes the first back', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Reactions' });
    const messageId = (await post(a, roomId, 'react to me')).id as number;
    const react = (socket: typeof a) => socket.emit('react', { roomId, messageId, emoji: '❤️' });
    const heart = (count: number, nicknames: string[]) => ({
      id: messageId,
      reactions: [{ emoji: '❤️', count, nicknames }],
    });

    expect(await react(a)).toEqual({});
    expect(await react(b)).toEqual({});
    expect((await eventsFor(b, 'reactions', messageId, 2)).at(-1)).toEqual(
      heart(2, ['Owner', 'Guest']),
    );
    expect(await react(a)).toEqual({});
    expect((await eventsFor(b, 'reactions', messageId, 3)).at(-1)).toEqual(heart(1, ['Guest']));
    expect(await react(b)).toEqual({});
    // None left: the event says so with an empty list.
    expect((await eventsFor(a, 'reactions', messageId, 4)).at(-1)).toEqual({
      id: messageId,
      reactions: [],
    });
    a.close();
    b.close();
  });

  it('lets a reaction stored before the rule was this strict be taken back, never added', async () => {
    const { roomId, owner, a, b } = await ownerAndGuestJoined({ name: 'Reactions' });
    const messageId = (await post(a, roomId, 'an old message')).id as number;
    // A thumbs-up under stacked accents: one grapheme, taken before the rule, refused since.
    const stacked = `👍${'\u0301'.repeat(3)}`;
    await runInDurableObject(roomStub(env, roomId), (room: ChatRoom) => {
      const message = room.parts.messages.store.find(messageId)!.message;
      room.parts.messages.changes.react(message, stacked, owner.user.id, 'Owner');
    });
    expect(await b.emit('react', { roomId, messageId, emoji: stacked })).toEqual(
      refusedWith('invalid_emoji'),
    );
    expect(await a.emit('react', { roomId, messageId, emoji: stacked })).toEqual({});
    expect((await eventsFor(b, 'reactions', messageId, 2)).at(-1)).toEqual({
      id: messageId,
      reactions: [],
    });
    expect(await a.emit('react', { roomId, messageId, emoji: stacked })).toEqual(
      refusedWith('invalid_emoji'),
    );
    a.close();
    b.close();
  });

  it(`counts every reactor but names the first ${REACTION_NICKNAMES_MAX}`, async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Reactions' });
    const messageId = (await post(a, roomId, 'popular')).id as number;
    const crowd = Array.from({ length: 11 }, (_, i) => `Fan${i}`);
    await reactInRoom(
      roomId,
      messageId,
      crowd.map((nickname) => ['🔥', nickname]),
    );
    expect(await b.emit('react', { roomId, messageId, emoji: '🔥' })).toEqual({});
    const last = (await eventsFor(a, 'reactions', messageId)).at(-1);
    expect(last).toEqual({
      id: messageId,
      reactions: [{ emoji: '🔥', count: 12, nicknames: crowd.slice(0, REACTION_NICKNAMES_MAX) }],
    });
    a.close();
    b.close();
  });

  it(`refuses a message's ${REACTION_EMOJI_MAX + 1}st distinct emoji, not one more of a known one`, async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Reactions' });
    const messageId = (await post(a, roomId, 'so many feelings')).id as number;
    const faces = [...'😀😁😂🤣😃😄😅😆😉😊😋😎😍😘🥰😗😙😚🙂🤗'];
    expect(faces).toHaveLength(REACTION_EMOJI_MAX);
    await reactInRoom(
      roomId,
      messageId,
      faces.map((emoji) => [emoji, 'Someone']),
    );
    expect(await b.emit('react', { roomId, messageId, emoji: '🤔' })).toEqual(
      refusedWith('too_many_reactions'),
    );
    expect(await b.emit('react', { roomId, messageId, emoji: '😀' })).toEqual({});
    // Twenty toggles in the room, then the guest's: the refused one told nobody anything.
    const events = await eventsFor(a, 'reactions', messageId, REACTION_EMOJI_MAX + 1);
    expect(events).toHaveLength(REACTION_EMOJI_MAX + 1);
    const event = events.at(-1);
    expect(event.reactions).toHaveLength(REACTION_EMOJI_MAX);
    expect(event.reactions[0]).toEqual({ emoji: '😀', count: 2, nicknames: ['Someone', 'Guest'] });
    expect(event.reactions.map((r: { emoji: string }) => r.emoji)).not.toContain('🤔');
    a.close();
    b.close();
  });
});

describe('edits', () => {
  it('refuses an edit with nothing visible or over 2,000 characters', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Edits' });
    const messageId = (await post(a, roomId, 'first version')).id as number;
    for (const text of ['', '   ', '\u200B\u200B', '\n\t']) {
      expect(
        await a.emit('editMessage', { roomId, messageId, text }),
        JSON.stringify(text),
      ).toEqual(refusedWith('empty_message'));
    }
    expect(await a.emit('editMessage', { roomId, messageId, text: 'x'.repeat(2001) })).toEqual(
      refusedWith('message_too_long'),
    );
    expect(await a.emit('editMessage', { roomId, messageId, text: 'x'.repeat(2000) })).toEqual({});
    const [update] = await eventsFor(b, 'messageUpdated', messageId);
    expect(update.text).toBe('x'.repeat(2000));
    a.close();
    b.close();
  });

  it('renders an edit as it renders a new message, and tells the room', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Edits' });
    const original = await post(a, roomId, 'plain first');
    const markdown = '**bold** and <b>not bold</b> [a link](https://example.com)\nnext line';
    const before = Date.now();
    expect(await a.emit('editMessage', { roomId, messageId: original.id, text: markdown })).toEqual(
      {},
    );
    const [update] = await eventsFor(b, 'messageUpdated', original.id);
    // The same text sent anew renders the same HTML.
    const fresh = await post(a, roomId, markdown);
    expect(update).toEqual({ id: original.id, text: fresh.text, editedAt: expect.any(Number) });
    expect(update.text).toContain('<strong>bold</strong>');
    expect(update.text).toContain('&lt;b&gt;not bold&lt;/b&gt;');
    expect(update.text).toContain('<a href="https://example.com"');
    expect(update.text).not.toContain('<b>');
    expect(update.editedAt).toBeGreaterThanOrEqual(before);
    expect(await eventsFor(a, 'messageUpdated', original.id)).toEqual([update]);
    a.close();
    b.close();
  });
});

describe('deletions', () => {
  it('tell the room, and leave no text, mentions or reactions in storage', async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Deletions' });
    const secret = await post(a, roomId, 'my secret password is hunter2, @Guest');
    const id = secret.id as number;
    expect(secret.mentions).toEqual(['Guest']);
    expect(await b.emit('react', { roomId, messageId: id, emoji: '🙈' })).toEqual({});
    await eventsFor(a, 'reactions', id);

    expect(await a.emit('deleteMessage', { roomId, messageId: id })).toEqual({});
    expect(await eventsFor(b, 'messageDeleted', id)).toEqual([{ id }]);
    expect(await eventsFor(a, 'messageDeleted', id)).toEqual([{ id }]);

    const stored = await runInDurableObject(roomStub(env, roomId), (_room: ChatRoom, state) => {
      const { sql } = state.storage;
      return {
        row: sql
          .exec(
            'SELECT text, mentions, reactions, edited_at, deleted_at FROM messages WHERE id = ?',
            id,
          )
          .one(),
        leaks: sql.exec("SELECT id FROM messages WHERE text LIKE '%hunter2%'").toArray(),
        reactionRows: sql.exec('SELECT * FROM reactions WHERE message_id = ?', id).toArray(),
      };
    });
    expect(stored.row).toEqual({
      text: '',
      mentions: null,
      reactions: null,
      edited_at: null,
      deleted_at: expect.any(Number),
    });
    expect(stored.leaks).toEqual([]);
    expect(stored.reactionRows).toEqual([]);
    a.close();
    b.close();
  });
});

describe('the sending budget', () => {
  it(`is one for messages, reactions and edits: a burst beyond ${MESSAGE_BURST} is refused`, async () => {
    const { roomId, a, b } = await ownerAndGuestJoined({ name: 'Budget' });
    const messageId = (await post(a, roomId, 'target')).id as number;
    // Back to a full allowance (5 a second, bursts of 10).
    await sleep(2100);
    // A full burst of messages, then actions in the same breath: the actions find it spent.
    const sends = Array.from({ length: MESSAGE_BURST }, (_, i) =>
      a.emit('sendMessage', { text: `burst ${i}`, roomId }),
    );
    const actions = [
      ...Array.from({ length: 3 }, () => a.emit('react', { roomId, messageId, emoji: '👍' })),
      ...Array.from({ length: 3 }, (_, i) =>
        a.emit('editMessage', { roomId, messageId, text: `edit ${i}` }),
      ),
    ];
    expect(await Promise.all(sends)).toEqual(Array.from({ length: MESSAGE_BURST }, () => ({})));
    const answers = await Promise.all(actions);
    const refusedReacts = answers.slice(0, 3).filter((ack) => ack.code === 'rate_limited');
    const refusedEdits = answers.slice(3).filter((ack) => ack.code === 'rate_limited');
    // The allowance refills at 5 a second: one may have slipped through, not more.
    expect(refusedReacts.length + refusedEdits.length).toBeGreaterThanOrEqual(5);
    expect(refusedEdits.length).toBeGreaterThanOrEqual(2);

    // And the other way round: reactions spend what messages would.
    await sleep(2100);
    const reactions = Array.from({ length: MESSAGE_BURST }, () =>
      b.emit('react', { roomId, messageId, emoji: '🎈' }),
    );
    const late = [0, 1, 2].map((i) => b.emit('sendMessage', { text: `late ${i}`, roomId }));
    expect(await Promise.all(reactions)).toEqual(Array.from({ length: MESSAGE_BURST }, () => ({})));
    const lateAnswers = await Promise.all(late);
    expect(lateAnswers.filter((ack) => ack.code === 'rate_limited').length).toBeGreaterThanOrEqual(
      2,
    );
    // Which of the three is refused depends on when the allowance refilled on a busy machine
    // (a token in 200 ms); each refusal is the room's.
    expect(lateAnswers.find((ack) => ack.code === 'rate_limited')).toEqual(
      refusedWith('rate_limited'),
    );
    a.close();
    b.close();
  });
});
