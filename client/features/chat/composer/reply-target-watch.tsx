import { useEffect, useState } from 'react';
import { Text } from '@mantine/core';
import type { RoomConnection } from '../connection/room-state';
import { useRoomState } from '../hooks/use-room-state';
import { replyTargetFate, type ReplyTargetFate } from './reply-target-fate';
import { useComposerIntent } from './composer-intent';

/** What the person is told once the reply they were writing has nothing left to answer. */
export const REPLY_TARGET_NOTICES: Record<ReplyTargetFate, string> = {
  deleted: 'The message you were replying to was deleted.',
  gone: 'The message you were replying to is no longer in the room.',
};

/**
 * In the message bar: while the box replies to a message (chosen in the list, or a draft's
 * reply back from storage), the reply ends once the room shows that message deleted, by its
 * author or a moderator (or trimmed away; reply-target-fate.ts says when it can tell), rather
 * than the send being refused for it. What is typed stays, the draft keeps the words alone
 * (the draft follows the intent), and a polite line under the box says why the banner went
 * (mounted empty, so screen readers hear it change); a new reply or edit clears it.
 */
export function ReplyTargetWatch({ room }: { room: RoomConnection }) {
  const { intent, cancel } = useComposerIntent();
  const id = intent?.kind === 'reply' ? intent.message.id : null;
  const fate = useRoomState(room, (state) =>
    typeof id === 'number' ? replyTargetFate(state, id) : null,
  );
  const [notice, setNotice] = useState('');
  // Said as the room shows it, and until the box answers or edits something else.
  const [shown, setShown] = useState<{ intent: typeof intent; fate: typeof fate }>({
    intent,
    fate: null,
  });
  if (shown.intent !== intent || shown.fate !== fate) {
    setShown({ intent, fate });
    if (fate) setNotice(REPLY_TARGET_NOTICES[fate]);
    else if (intent) setNotice('');
  }

  useEffect(() => {
    if (!fate) return;
    // The banner's × goes with it: the focus goes on to the box rather than the page's start.
    const focused = document.activeElement;
    const bar = focused?.closest('[data-message-bar]');
    if (focused?.closest('[data-intent-banner]')) bar?.querySelector('textarea')?.focus();
    cancel();
  }, [fate, cancel]);

  return (
    <Text role="status" size="xs" c="dimmed" mb={notice ? 6 : 0}>
      {notice}
    </Text>
  );
}
