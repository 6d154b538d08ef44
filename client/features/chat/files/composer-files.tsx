import { lazy, Suspense } from 'react';
import { Text } from '@mantine/core';
import { DropZone } from './drop-zone';
import classes from './files.module.css';
import type { ComposerFiles as Files } from './use-composer-files';

// The strip comes with the first attachment, as the code that uploads does (use-attachments).
const AttachmentStrip = lazy(() => import('./attachment-strip'));

/**
 * Above the message box: the attached files, why some were not attached (past the limit),
 * and, while files are dragged over the chat, the drop zone. `onRemoved` takes the focus
 * back once a file's button has gone with it.
 */
export function ComposerFiles({ files, onRemoved }: { files: Files; onRemoved: () => void }) {
  return (
    <>
      {files.items.length > 0 && (
        <Suspense fallback={null}>
          <AttachmentStrip
            items={files.items}
            onRemove={(key) => {
              files.remove(key);
              onRemoved();
            }}
            onCancel={files.cancel}
            onRetry={files.retry}
          />
        </Suspense>
      )}
      {files.notice && (
        <Text role="alert" size="sm" mb={6} className={classes.error}>
          {files.notice}
        </Text>
      )}
      {files.dragging && <DropZone />}
    </>
  );
}
