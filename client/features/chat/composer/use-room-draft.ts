import { useEffect, useRef } from 'react';
import { MESSAGE_MAX_LENGTH } from '../../../../contract/realtime';
import { readDraft, saveDraft, type DraftPlace } from '../../../lib/draft-storage';

/** How long typing pauses before the draft is written (every keystroke would be too often). */
export const DRAFT_SAVE_DELAY_MS = 400;

/**
 * The room's draft as the box opens: no longer than a message may be (a longer text stays whole
 * in the box while it is open, but only what could be sent is kept).
 */
export function storedDraft(place: DraftPlace | undefined): string {
  return place ? readDraft(place).slice(0, MESSAGE_MAX_LENGTH) : '';
}

const keep = (place: DraftPlace, text: string) =>
  saveDraft(place, text.slice(0, MESSAGE_MAX_LENGTH));

/**
 * Keeps `text`, what the box would give back (never an edit in progress), as the room's draft:
 * after a pause in typing, and at once when the box goes (another room, another page) or the
 * page does (a reload, a closed tab: pagehide, which also fires where unload does not).
 */
export function useRoomDraft(place: DraftPlace | undefined, text: string) {
  const accountId = place?.accountId;
  const roomId = place?.roomId;
  /** What waits to be written, or null when storage already has it. */
  const pending = useRef<string | null>(null);
  const written = useRef(text);

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
    if (text === written.current) {
      pending.current = null;
      return;
    }
    pending.current = text;
    const timer = setTimeout(() => {
      keep({ accountId, roomId }, text);
      written.current = text;
      pending.current = null;
    }, DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [accountId, roomId, text]);
}
