import {
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type SyntheticEvent,
} from 'react';

/** The most nicknames '@' suggests at once. */
export const MENTION_SUGGESTIONS_MAX = 8;

/** An '@' and the start of a nickname just before the caret: what a pick replaces. */
export interface MentionQuery {
  start: number;
  end: number;
  prefix: string;
}

/**
 * The '@word' the caret ends, if any. The '@' starts the text or follows a space, so an
 * address ('ada@example.com') asks for no one.
 */
export function mentionAt(text: string, caret: number): MentionQuery | null {
  const match = /(?:^|\s)@([\p{L}\p{N}_.-]*)$/u.exec(text.slice(0, caret));
  if (!match) return null;
  const prefix = match[1]!;
  return { start: caret - prefix.length - 1, end: caret, prefix };
}

interface UseMentionsOptions {
  text: string;
  members: readonly string[];
  inputRef: RefObject<HTMLTextAreaElement | null>;
  /** Replaces the box's text (a pick writes the nickname in). */
  setText: (text: string) => void;
}

/**
 * The suggestions of '@' in the message box: the members whose nickname starts with what follows
 * the '@', moved through with the arrows, taken with Enter or Tab (or a click), closed with Esc
 * until another '@' is typed. The box stays a textbox (a textarea may take no other role) that
 * points at the list with aria-controls and at the option in view with aria-activedescendant.
 */
export function useMentions({ text, members, inputRef, setText }: UseMentionsOptions) {
  const listId = useId();
  const [caret, setCaret] = useState<number | null>(null);
  const [focused, setFocused] = useState(false);
  /** Where the query Esc closed starts: it stays closed while that '@' is being typed on. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState({ key: '', index: 0 });
  const nextCaret = useRef<number | null>(null);

  const query = caret === null ? null : mentionAt(text, caret);
  if (dismissed !== null && query?.start !== dismissed) setDismissed(null);
  const prefix = query?.prefix.toLowerCase() ?? '';
  const options = query
    ? members
        .filter((name) => name.toLowerCase().startsWith(prefix))
        .slice(0, MENTION_SUGGESTIONS_MAX)
    : [];
  const open = focused && query !== null && query.start !== dismissed && options.length > 0;
  // A new query starts at its first option.
  const key = query ? `${query.start}:${query.prefix}` : '';
  const index = active.key === key ? Math.min(active.index, options.length - 1) : 0;
  const optionId = (at: number) => `${listId}-${at}`;

  useLayoutEffect(() => {
    if (nextCaret.current === null || !inputRef.current) return;
    inputRef.current.setSelectionRange(nextCaret.current, nextCaret.current);
    nextCaret.current = null;
  });

  const pick = (at: number) => {
    const name = options[at];
    if (!query || name === undefined) return;
    const written = `@${name} `;
    nextCaret.current = query.start + written.length;
    setCaret(nextCaret.current);
    setText(text.slice(0, query.start) + written + text.slice(query.end));
  };

  /** The keys the list takes while open; true when it took this one. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!open || event.nativeEvent.isComposing) return false;
    const count = options.length;
    if (event.key === 'ArrowDown') setActive({ key, index: (index + 1) % count });
    else if (event.key === 'ArrowUp') setActive({ key, index: (index - 1 + count) % count });
    else if (event.key === 'Enter' || (event.key === 'Tab' && !event.shiftKey)) pick(index);
    else if (event.key === 'Escape') setDismissed(query.start);
    else return false;
    event.preventDefault();
    return true;
  };

  /** Follows the caret: typing, clicking and the arrow keys move it. */
  const track = (event: SyntheticEvent<HTMLTextAreaElement>) => {
    setCaret(event.currentTarget.selectionStart);
  };

  return {
    open,
    options,
    /** What follows the '@' being typed in the box, or null. */
    prefix: focused && query ? query.prefix : null,
    active: index,
    listId,
    optionId,
    pick,
    onKeyDown,
    /** For the textarea: its ARIA, and the events that follow the caret and the focus. */
    inputProps: {
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? optionId(index) : undefined,
      onSelect: track,
      onFocus: () => setFocused(true),
      onBlur: () => setFocused(false),
    },
    track,
  };
}
