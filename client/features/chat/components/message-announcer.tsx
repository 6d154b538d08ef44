import { useCallback, useState } from 'react';
import { VisuallyHidden } from '@mantine/core';
import type { ChatMessage } from '../../../../contract/realtime';
import { htmlToText } from '../utils/sanitize-html';

/** The last few announcements stay in the page; older ones leave (removals are not read). */
const KEPT = 5;

/**
 * What a screen reader hears of the conversation: each message from someone else as it
 * arrives live, as 'bob: the text'. The list itself is not a live region: it also grows at the
 * top with the older pages scrolled back to, which would be read out as if they were new.
 */
export function useMessageAnnouncer(nickname: string) {
  const [heard, setHeard] = useState<{ key: string; text: string }[]>([]);
  const mine = nickname.toLowerCase();

  const announce = useCallback(
    (message: ChatMessage) => {
      if (message.user.toLowerCase() === mine) return;
      const text = `${message.user}: ${htmlToText(message.text)}`;
      setHeard((current) => [...current, { key: String(message.id), text }].slice(-KEPT));
    },
    [mine],
  );

  const region = (
    <VisuallyHidden aria-live="polite" aria-relevant="additions">
      {heard.map((entry) => (
        <p key={entry.key}>{entry.text}</p>
      ))}
    </VisuallyHidden>
  );
  return { announce, region };
}
