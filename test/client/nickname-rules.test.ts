import { describe, expect, it } from 'vitest';
import { stripInvisible } from '../../contract/invisible-characters';
import { imitatesModerator } from '../../contract/reserved-nicknames';
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

  it('strips them from a nickname before its rules apply', () => {
    expect(nicknameSchema.parse('bo\u200Bb')).toBe('bob');
    expect(nicknameSchema.safeParse('\u200B\u200B').error?.issues[0]?.message).toBe(
      messages.nicknameRequired,
    );
  });
});
