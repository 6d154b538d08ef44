import { describe, expect, it } from 'vitest';
import { stripInvisible } from '../../contract/invisible-characters';
import { imitatesModerator } from '../../contract/reserved-nicknames';
import { joinBody } from '../../contract/rooms';
import { messages, nicknameSchema } from '../../contract/validation';

describe('nicknames that pass for the moderator', () => {
  it.each([
    'ChatModerator',
    'chatmoderator',
    'CHATMODERATOR',
    'ChatModerat0r',
    'ChatModerator.',
    'Chat_Moderator',
    'Chat.Moderator',
    'Ch4tM0d3r4t0r',
    'ChatRnoderator',
    'ChatModerator1',
  ])('refuses %s', (nickname) => {
    expect(imitatesModerator(nickname)).toBe(true);
    expect(nicknameSchema.safeParse(nickname).error?.issues[0]?.message).toBe(
      messages.nicknameReserved,
    );
  });

  it.each(['bob', 'moderator', 'chatmod', 'ChatModel', 'the_mod'])('allows %s', (nickname) => {
    expect(imitatesModerator(nickname)).toBe(false);
    expect(nicknameSchema.safeParse(nickname).success).toBe(true);
  });
});

describe('invisible characters', () => {
  it('removes zero-width and bidirectional controls, and nothing else', () => {
    expect(stripInvisible('bo\u200Bb\u200C\u200D\u200E\u200F')).toBe('bob');
    expect(stripInvisible('\u202Egnp.exe\u202C \u2066x\u2069')).toBe('gnp.exe x');
    expect(stripInvisible('héllo wörld 👋')).toBe('héllo wörld 👋');
  });

  // A counter that counted them said 3/15 for 'x\u200By' beside 'at least 3 characters', and
  // 'x\u200Byz' was quietly taken as 'xyz': the nickname is refused instead, as an address is.
  it.each([
    'x\u200By',
    'x\u200Byz',
    'bo\u200Bb',
    '\u200B\u200B',
    '\u2066bob\u2069',
    '\uFEFFbob',
    'bob\u3164',
  ])('refuses a nickname holding one (%j), saying why', (nickname) => {
    expect(nicknameSchema.safeParse(nickname).error?.issues[0]?.message).toBe(
      messages.nicknameHiddenCharacters,
    );
  });

  it('still trims ordinary spaces around a nickname, and says an empty one is required', () => {
    expect(nicknameSchema.parse(' bob\n')).toBe('bob');
    expect(nicknameSchema.safeParse('').error?.issues[0]?.message).toBe(messages.nicknameRequired);
  });
});

describe('the join body', () => {
  it('refuses a nickname with invisible characters rather than stripping it', () => {
    const parsed = joinBody.safeParse({ roomId: 'room-a', activeNickname: 'x\u200Byz' });
    expect(parsed.error?.issues[0]?.message).toBe(messages.nicknameHiddenCharacters);
  });

  it('reads a missing or blank nickname as none given', () => {
    expect(
      joinBody.parse({ roomId: 'room-a', activeNickname: '  ' }).activeNickname,
    ).toBeUndefined();
    expect(joinBody.parse({ roomId: 'room-a' }).activeNickname).toBeUndefined();
    // Nothing that shows at all (a no-break space, a zero-width space, a filler) is none given.
    for (const nothing of ['\u00A0', '\u200B', '\u3164', ' \u200B\u00A0 ']) {
      expect(joinBody.parse({ roomId: 'room-a', activeNickname: nothing }).activeNickname).toBe(
        undefined,
      );
    }
    expect(joinBody.parse({ roomId: 'room-a', activeNickname: ' ada ' }).activeNickname).toBe(
      'ada',
    );
  });
});
