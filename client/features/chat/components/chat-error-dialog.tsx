import { Link } from 'react-router';
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * Join and connection errors (spec point 2): a dialog that cannot be dismissed, only left
 * through one of its two ways out.
 */
export function ChatErrorDialog({ error }: { error: string | null }) {
  return (
    <Modal
      opened={error !== null}
      onClose={() => {}}
      title="Unable to join the chat"
      withCloseButton={false}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
    >
      <Text role="alert" mb="lg">
        {error}
      </Text>
      <Group justify="flex-end">
        <Button component={Link} to="/join" variant="default">
          Join A New Room
        </Button>
        <Button component={Link} to="/">
          Return To Home
        </Button>
      </Group>
    </Modal>
  );
}
