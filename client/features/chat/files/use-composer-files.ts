import type { ClipboardEvent } from 'react';
import { useAttachments } from './use-attachments';
import { useFileDrop } from './use-file-drop';

export type ComposerFiles = ReturnType<typeof useComposerFiles>;

/**
 * The message box's files (use-attachments.ts), fed by the paperclip, a paste into the box
 * and a drop anywhere on the chat. Without a room, nothing can be attached.
 */
export function useComposerFiles(roomId: string | undefined) {
  const attachments = useAttachments(roomId);
  const enabled = Boolean(roomId);
  const dragging = useFileDrop(enabled, attachments.add);

  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData?.files ?? []);
    if (!enabled || files.length === 0) return;
    // A pasted photo or file is attached, not written into the box as its name.
    event.preventDefault();
    attachments.add(files);
  };

  return { ...attachments, enabled, dragging, onPaste };
}
