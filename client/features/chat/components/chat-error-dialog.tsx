import { Link } from 'react-router';
import { Button, Group, Modal, Text } from '@mantine/core';

/**
 * Join and connection errors (spec point 2): a dialog that cannot be dismissed (no close
 * button, no Escape, no outside click), only left through one of its two ways out.
 */
export function ChatErrorDialog({ error }: { error: string | null }) {
  return (
    <Modal.Root
      opened={error !== null}
      onClose={() => {}}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
    >
      {/* Blurred: what was behind (the box's text) is the shut-out account's, not the next
          person's at this screen (a sign-out in another tab ends this one too). */}
      <Modal.Overlay blur={8} />
      <Modal.Content>
        {/* A div, not Mantine's default header: the page's top bar is the one banner. */}
        <Modal.Header component="div">
          <Modal.Title fw={600}>Unable to join the chat</Modal.Title>
        </Modal.Header>
        <Modal.Body>
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
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
