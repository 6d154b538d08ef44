import { useEffect, useRef } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../contract/realtime';
import {
  readRoomDraft,
  saveDraft,
  type DraftPlace,
  type DraftReply,
  type RoomDraft,
} from '../../../lib/draft-storage';

/** How long typing pauses before the draft is written (every keystroke would be too often). */
export const DRAFT_SAVE_DELAY_MS = 400;

/**
 * The room's draft as the box opens: no longer than a message may be (a longer text stays whole
 * in the box while it is open, but only what could be sent is kept).
 */
export function storedDraft(place: DraftPlace | undefined): RoomDraft {
  if (!place) return { text: '' };
  const { text, replyTo } = readRoomDraft(place);
  const kept = text.slice(0, MESSAGE_MAX_LENGTH);
  return replyTo ? { text: kept, replyTo } : { text: kept };
}

const keep = (place: DraftPlace, { text, replyTo }: RoomDraft) =>
  saveDraft(place, text.slice(0, MESSAGE_MAX_LENGTH), replyTo);

/** The same draft to keep: the same words, answering the same message (or none). */
const same = (one: RoomDraft, other: RoomDraft) =>
  one.text === other.text && one.replyTo?.id === other.replyTo?.id;

/**
 * Keeps `text`, what the box would give back (never an edit in progress), with the message its
 * reply answers (`replyTo`), as the room's draft: after a pause in typing, and at once when the
 * box goes (another room, another page) or the page does (a reload, a closed tab: pagehide,
 * which also fires where unload does not). `opened` is the draft the box opened with.
 */
export function useRoomDraft(
  place: DraftPlace | undefined,
  text: string,
  replyTo: DraftReply | undefined,
  opened: RoomDraft,
) {
  const accountId = place?.accountId;
  const roomId = place?.roomId;
  /** What waits to be written, or null when storage already has it. */
  const pending = useRef<RoomDraft | null>(null);
  const written = useRef(opened);

  useEffect(() => {
    if (!accountId || !roomId) return;
    const flush = () => {
      if (pending.current === null) return;
      keep({ accountId, roomId }, pending.current);
      written.current = pending.current;
      pending.current = null;
    };
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [accountId, roomId]);

  useEffect(() => {
    if (!accountId || !roomId) return;
    const draft = { text, replyTo };
    if (same(draft, written.current)) {
      pending.current = null;
      return;
    }
    pending.current = draft;
    const timer = setTimeout(() => {
      keep({ accountId, roomId }, draft);
      written.current = draft;
      pending.current = null;
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [accountId, roomId, text, replyTo]);
}
