import { useEffect } from 'react';
import { Anchor, Button, Group, Modal, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import type { MessageFile } from '../../../../contract/files';
import classes from './files.module.css';

interface ImageViewerProps {
  images: readonly MessageFile[];
  index: number;
  onIndex: (index: number) => void;
  onClose: () => void;
}

/**
 * A message's photos, one at a time, as large as the window allows: Esc (or Close) closes,
 * Left and Right (or the buttons) move through them, round. Named by the photo's file name.
 * Loaded the first time a photo is opened.
 */
export default function ImageViewer({ images, index, onIndex, onClose }: ImageViewerProps) {
  const image = images[index];
  const count = images.length;

  useEffect(() => {
    if (count < 2) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const step = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
      if (step === 0) return;
      event.preventDefault();
      onIndex((index + step + count) % count);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [index, count, onIndex]);

  if (!image) return null;
  return (
    <Modal
      opened
      onClose={onClose}
      size="auto"
      centered
      padding="sm"
      title={
        <Text component="span" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {image.name}
          {count > 1 && ` (${index + 1} of ${count})`}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <img
        key={image.id}
        className={classes.viewerImage}
        src={image.url}
        alt={image.name}
        width={image.width}
        height={image.height}
      />
      <Group justify="space-between" mt="sm" wrap="nowrap">
        {count > 1 ? (
          <Button
            variant="default"
            size="xs"
            leftSection={<IconChevronLeft size={16} aria-hidden />}
            onClick={() => onIndex((index - 1 + count) % count)}
          >
            Previous
          </Button>
        ) : (
          <span />
        )}
        <Anchor href={image.url} download={image.name} size="sm">
          <IconDownload size={16} aria-hidden style={{ verticalAlign: 'text-bottom' }} /> Download
        </Anchor>
        {count > 1 ? (
          <Button
            variant="default"
            size="xs"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            onClick={() => onIndex((index + 1) % count)}
          >
            Next
          </Button>
        ) : (
          <span />
        )}
      </Group>
    </Modal>
  );
}
