import { Paper } from '@mantine/core';
import classes from './composer.module.css';

interface MentionListProps {
  id: string;
  options: readonly string[];
  active: number;
  optionId: (index: number) => string;
  onPick: (index: number) => void;
}

/**
 * The nicknames '@' suggests, above the message box. The focus stays in the box (the arrows
 * move the option shown as active); a click picks without taking the focus from it.
 */
export function MentionList({ id, options, active, optionId, onPick }: MentionListProps) {
  return (
    <Paper
      component="ul"
      id={id}
      role="listbox"
      aria-label="Members to mention"
      shadow="md"
      withBorder
      className={classes.suggestions}
    >
      {options.map((name, index) => (
        <li
          key={name}
          id={optionId(index)}
          role="option"
          aria-selected={index === active}
          className={classes.option}
          onMouseDown={(event) => event.preventDefault()}
          onClick={() => onPick(index)}
        >
          @{name}
        </li>
      ))}
    </Paper>
  );
}
