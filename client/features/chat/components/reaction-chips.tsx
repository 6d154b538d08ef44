import { Group, Tooltip, UnstyledButton } from '@mantine/core';
import type { Reaction } from '../../../../contract/realtime';
import classes from './chat.module.css';

/** Who reacted, as far as the room names them: 'ada, bob +3 more'. */
export function reactorsText({ count, nicknames }: Reaction): string {
  const more = count - nicknames.length;
  const named = nicknames.join(', ');
  if (more <= 0) return named;
  return named ? `${named} +${more} more` : `${more} people`;
}

interface ReactionChipsProps {
  reactions: readonly Reaction[];
  /** The reader's nickname: their own reactions show pressed. */
  viewer: string;
  onToggle: (emoji: string) => void;
}

/**
 * A message's reactions under its bubble: one toggle per emoji with its count, pressed when
 * the reader's is among them, with who reacted on hover, focus or a long touch.
 */
export function ReactionChips({ reactions, viewer, onToggle }: ReactionChipsProps) {
  const mine = viewer.toLowerCase();
  return (
    <Group gap={4} mt={4}>
      {reactions.map((reaction) => {
        const pressed = reaction.nicknames.some((nickname) => nickname.toLowerCase() === mine);
        const who = reactorsText(reaction);
        return (
          <Tooltip
            key={reaction.emoji}
            label={who}
            events={{ hover: true, focus: true, touch: true }}
          >
            <UnstyledButton
              className={classes.chip}
              aria-pressed={pressed}
              aria-label={`${reaction.emoji} ${reaction.count}: ${who}`}
              data-pressed={pressed || undefined}
              onClick={() => onToggle(reaction.emoji)}
            >
              <span aria-hidden>{reaction.emoji}</span>
              <span aria-hidden className={classes.chipCount}>
                {reaction.count}
              </span>
            </UnstyledButton>
          </Tooltip>
        );
      })}
    </Group>
  );
}
