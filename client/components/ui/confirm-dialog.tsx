import type { ReactNode } from 'react';
import { Button, Group, Modal, Text } from '@mantine/core';
import { BusyButton } from './busy-button';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The question, as the dialog's title: 'Leave Book club?'. */
  title: string;
  /** What answering yes does, in a sentence or two. */
  children: ReactNode;
  /** The yes button's words: 'Leave', 'Delete'. */
  confirmLabel: string;
  onConfirm: () => void;
  /** The request the yes button started is under way (BusyButton). */
  busy: boolean;
  /** A loss that cannot be undone: the yes button is red. */
  danger?: boolean;
}

/**
 * The app's yes-or-no question before an action: Cancel has the focus (a stray Enter changes
 * nothing), the yes button stays busy while its request runs, and Escape or the close button
 * answer no.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const { opened, onClose, title, children, confirmLabel, onConfirm, busy, danger } = props;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="sm"
    >
      <Text size="sm">{children}</Text>
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="default" onClick={onClose} data-autofocus>
          Cancel
        </Button>
        {/* red.9: white on the default red is 3.3:1, under the 4.5:1 text needs. */}
        <BusyButton color={danger ? 'red.9' : undefined} busy={busy} loader onClick={onConfirm}>
          {confirmLabel}
        </BusyButton>
      </Group>
    </Modal>
  );
}
