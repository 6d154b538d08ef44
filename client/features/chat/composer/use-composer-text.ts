import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useComposerActions, type ComposerIntent } from './composer-intent';
import type { DraftPlace } from '../../../lib/draft-storage';
import { draftReplyOf, repliedMessageOf } from './draft-reply';
import { plainText } from './plain-text';
import { storedDraft, useRoomDraft } from './use-room-draft';

/**
 * The message box's text, and the sentence under it (why the last send or edit did not go
 * through). An edit puts the message's text in the box and keeps what was there; leaving the
 * edit, by saving or cancelling, brings that back. Given the account and room, what the box
 * would give back is that room's draft, with the message its reply answers: kept as it is typed,
 * and back (the reply's banner too) when the box opens again. `restoredReply`: the message the
 * draft's reply answered as the box opened, if it had one.
 */
export function useComposerText(intent: ComposerIntent | null, draftPlace?: DraftPlace) {
  const { reply } = useComposerActions();
  const [opened] = useState(() => storedDraft(draftPlace));
  // Set as the box opens, not typed: the room is told of no typing, and nothing is sent.
  const [text, setText] = useState(opened.text);
  const [restoredReply] = useState(() => opened.replyTo && repliedMessageOf(opened.replyTo));
  // Before the first paint: the banner is there as the box is, rather than a frame later.
  useLayoutEffect(() => {
    if (restoredReply) reply(restoredReply);
  }, [reply, restoredReply]);
  const [refusal, setRefusal] = useState<string | null>(null);
  /** What was typed before an edit took the box over. */
  const [draft, setDraft] = useState('');
  const [shownIntent, setShownIntent] = useState(intent);
  if (intent !== shownIntent) {
    setShownIntent(intent);
    if (intent?.kind === 'edit') {
      if (shownIntent?.kind !== 'edit') setDraft(text);
      setText(plainText(intent.message.text));
      setRefusal(null);
    } else if (shownIntent?.kind === 'edit') {
      setText(draft);
      setDraft('');
      setRefusal(null);
    }
  }

  const answering = shownIntent?.kind === 'reply' ? shownIntent.message : null;
  const replyTo = useMemo(() => (answering ? draftReplyOf(answering) : undefined), [answering]);
  // An edit takes the reply's place (leaving it gives back the words alone), so no reply then.
  useRoomDraft(draftPlace, shownIntent?.kind === 'edit' ? draft : text, replyTo, opened);

  // The intent as the answers of sends and edits find it, when they come.
  const intentNow = useRef<ComposerIntent | null>(intent);
  useEffect(() => {
    intentNow.current = intent;
  }, [intent]);

  /**
   * A refused send's text back in the box, never lost: after whatever was typed since (several
   * refusals come back in order), or while an edit has the box, after what it will give back.
   */
  const putBack = useCallback((returned: string, reason: string) => {
    const back = (current: string) => (current === '' ? returned : `${current}\n${returned}`);
    if (intentNow.current?.kind === 'edit') setDraft(back);
    else setText(back);
    setRefusal(reason);
  }, []);

  return { text, setText, refusal, setRefusal, putBack, intentNow, restoredReply };
}
