import { Button, Group, Modal, Text } from '@mantine/core';
import { useMounted } from '@mantine/hooks';

interface DeleteConfirmProps {
  /** The start of the message, quoted in the question. */
  quote: string;
  /** Asked for: shown. Set to false, it closes (and animates out). */
  opened: boolean;
  /** Turned down (Cancel, Escape, a click beside it, Close). */
  onCancel: () => void;
  onConfirm: () => void;
  /** Closed and faded out: the caller may take it out of the page. */
  onGone: () => void;
}

/**
 * 'Delete this message?' for one message. Its caller renders it only once asked for (a long
 * history held one empty modal per message otherwise) and gives the focus back itself: Mantine
 * notes the element to return to only when a modal already in the page opens, and its timed
 * return raced the menu's own (a confirm made on first use and opened a task later lost it
 * under load).
 */
export function DeleteConfirm({ quote, opened, onCancel, onConfirm, onGone }: DeleteConfirmProps) {
  // Mounted closed and opened once in the page, so it fades in as a modal made open does not.
  const mounted = useMounted();
  return (
    <Modal
      opened={opened && mounted}
      onClose={onCancel}
      onExitTransitionEnd={onGone}
      returnFocus={false}
      title="Delete this message?"
      closeButtonProps={{ 'aria-label': 'Close' }}
      centered
      size="sm"
    >
      <Text size="sm">
        &ldquo;{quote}&rdquo; will be gone for everyone in the room. This cannot be undone.
      </Text>
      <Group justify="flex-end" gap="xs" mt="md">
        <Button variant="default" onClick={onCancel} data-autofocus>
          Cancel
        </Button>
        {/* red.9: white on the default red is 3.3:1, under the 4.5:1 text needs. */}
        <Button color="red.9" onClick={onConfirm}>
          Delete
        </Button>
      </Group>
    </Modal>
  );
}
