/**
 * Nicknames that pass for the moderator. 'ChatModerator' signs administrators' broadcasts and
 * wears a Mod badge, so nobody may register or join as it, nor as anything that reads like it:
 * other case, digits for letters ('ChatModerat0r'), punctuation around it ('ChatModerator.',
 * 'Chat_Moderator'), or 'rn' for 'm'.
 */
const LOOKALIKES: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  l: 'i',
  '|': 'i',
  '3': 'e',
  '4': 'a',
  '@': 'a',
  '5': 's',
  $: 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
};

function skeleton(nickname: string): string {
  return nickname
    .toLowerCase()
    .replace(/rn/g, 'm')
    .replace(/[^a-z0-9|@$]/g, '')
    .replace(/[0-9|@$l]/g, (char) => LOOKALIKES[char] ?? char);
}

const MODERATOR_SKELETON = skeleton('ChatModerator');

export function imitatesModerator(nickname: string): boolean {
  return skeleton(nickname).includes(MODERATOR_SKELETON);
}
