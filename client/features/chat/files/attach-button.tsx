import { useRef } from 'react';
import { ActionIcon } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';

/** The paperclip beside the message box: the browser's file picker, several files at once. */
export function AttachButton({ onFiles }: { onFiles: (files: File[]) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label="Attach files"
        title="Attach files"
        onClick={() => input.current?.click()}
      >
        <IconPaperclip size={22} aria-hidden />
      </ActionIcon>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        tabIndex={-1}
        data-attach-input
        onChange={(event) => {
          const files = Array.from(event.currentTarget.files ?? []);
          // The same file can be picked again after it was removed.
          event.currentTarget.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
    </>
  );
}
