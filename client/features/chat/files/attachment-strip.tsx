import { Button, CloseButton, Loader, Progress, Text } from '@mantine/core';
import { fileSize } from './file-size';
import { FileIcon } from './file-icon';
import classes from './files.module.css';
import type { Attachment } from './attachment';

interface AttachmentStripProps {
  items: readonly Attachment[];
  onRemove: (key: string) => void;
  onCancel: (key: string) => void;
  onRetry: (key: string) => void;
}

/**
 * Above the message box: each attached file as a thumbnail (a photo) or a card, with its
 * upload's progress (Cancel stops it), why it failed (with Retry when another try may work)
 * and a button to remove it. Loaded with the first attachment.
 */
export default function AttachmentStrip({
  items,
  onRemove,
  onCancel,
  onRetry,
}: AttachmentStripProps) {
  return (
    <ul className={classes.strip} aria-label="Attachments">
      {items.map((item) => (
        <li key={item.key} className={classes.tile} data-status={item.status}>
          <div className={classes.thumb}>
            {item.preview ? (
              <img src={item.preview} alt="" />
            ) : item.status === 'preparing' ? (
              <Loader size="sm" aria-hidden />
            ) : (
              <FileIcon type={item.type} />
            )}
          </div>
          <Text size="xs" fw={600} truncate title={item.name} pr={20}>
            {item.name}
          </Text>
          <Status
            item={item}
            onCancel={() => onCancel(item.key)}
            onRetry={() => onRetry(item.key)}
          />
          {/* Every control of the message bar is 24 px or more (WCAG 2.5.8). */}
          <CloseButton
            className={classes.remove}
            size={24}
            aria-label={`Remove ${item.name}`}
            onClick={() => onRemove(item.key)}
          />
        </li>
      ))}
    </ul>
  );
}

function Status({
  item,
  onCancel,
  onRetry,
}: {
  item: Attachment;
  onCancel: () => void;
  onRetry: () => void;
}) {
  switch (item.status) {
    case 'preparing':
      return <Text size="xs">Preparing…</Text>;
    case 'uploading':
      return (
        <>
          {/* The whole track is the progress bar, so it is there at 0% too. */}
          <Progress.Root
            size="sm"
            mt={4}
            role="progressbar"
            aria-label={`Uploading ${item.name}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={item.progress}
            aria-valuetext={`${item.progress}%`}
          >
            <Progress.Section value={item.progress} withAria={false} />
          </Progress.Root>
          <Button
            variant="default"
            size="compact-xs"
            // 24 px (WCAG 2.5.8) in the place a 22 px button and its 2 px margin took.
            h={24}
            aria-label={`Cancel upload of ${item.name}`}
            onClick={onCancel}
          >
            Cancel
          </Button>
        </>
      );
    case 'uploaded':
      return <Text size="xs">{fileSize(item.size)}</Text>;
    case 'failed':
      return (
        <>
          <Text size="xs" role="alert" className={classes.error}>
            {item.error}
          </Text>
          {item.retryable && (
            <Button
              variant="default"
              size="compact-xs"
              // 24 px (WCAG 2.5.8) in the place a 22 px button and its 2 px margin took.
              h={24}
              aria-label={`Retry upload of ${item.name}`}
              onClick={onRetry}
            >
              Retry
            </Button>
          )}
        </>
      );
  }
}
