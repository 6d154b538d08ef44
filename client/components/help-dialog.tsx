import { Anchor, Code, Kbd, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../config/constants';

interface HelpDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** The four help sections of spec point 1, and how to format a message. Mantine's Modal traps focus and closes on Escape. */
export function HelpDialog({ opened, onClose }: HelpDialogProps) {
  // The top bar and the chat header load this dialog on its first opening, so it mounts already
  // open; Mantine notes the element to give focus back to only when `opened` turns true after
  // mounting, and focus fell to <body> on the first Escape. Mounted closed, it opens a render later.
  const mounted = useMounted();

  return (
    <Modal
      opened={opened && mounted}
      onClose={onClose}
      title={`${PRODUCT_NAME} help`}
      size="lg"
      // Mantine's close button is an icon with no text: without a label it is read as "button".
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="lg">
        <section>
          <Title order={3} size="h4" mb="xs">
            Getting started
          </Title>
          <Text>
            Register with your email, a password and a nickname, then log in. Your rooms appear on
            the home page once you have created or joined one.
          </Text>
        </section>

        <section>
          <Title order={3} size="h4" mb="xs">
            Using chat rooms
          </Title>
          <List spacing="xs">
            <List.Item>Create a new room or join a shared one from your dashboard.</List.Item>
            <List.Item>Choose a nickname for each room you join.</List.Item>
            <List.Item>Chat with everyone in the room in real time.</List.Item>
            <List.Item>
              Use the account dropdown in the top bar to open your settings or to log out. In a
              chat, the Rooms button at its top left lists your rooms, and Logout is at its top
              right; the home page's top bar has the dropdown.
            </List.Item>
          </List>
        </section>

        <section>
          <Title order={3} size="h4" mb="xs">
            Keyboard shortcuts
          </Title>
          <List spacing="xs">
            <List.Item>
              <Kbd>Enter</Kbd> sends a message
            </List.Item>
            <List.Item>
              <Kbd>Shift</Kbd> + <Kbd>Enter</Kbd> adds a new line
            </List.Item>
            <List.Item>
              <Kbd>↑</Kbd> in an empty message box edits your last message
            </List.Item>
            <List.Item>
              <Kbd>Ctrl</Kbd> + <Kbd>K</Kbd> (<Kbd>⌘</Kbd> + <Kbd>K</Kbd> on a Mac) goes to another
              of your rooms by its name
            </List.Item>
            <List.Item>
              <Kbd>Esc</Kbd> closes a dialog
            </List.Item>
          </List>
        </section>

        <section>
          <Title order={3} size="h4" mb="xs">
            Formatting messages
          </Title>
          <List spacing="xs">
            <List.Item>
              <Code>**bold**</Code> for <strong>bold</strong>, <Code>*italics*</Code> or{' '}
              <Code>_italics_</Code> for <em>italics</em>, <Code>~~struck~~</Code> for <s>struck</s>
            </List.Item>
            <List.Item>
              <Code>`code`</Code> for inline code; a line of <Code>```</Code> before and after for a
              code block
            </List.Item>
            <List.Item>
              <Code>[words](https://example.com)</Code> for a link; web addresses become links by
              themselves
            </List.Item>
            <List.Item>
              Lines starting with <Code>- </Code> or <Code>1. </Code> make a list; each new line is
              kept
            </List.Item>
            <List.Item>
              A backslash keeps a character as typed: <Code>\*</Code>. HTML is shown as text.
            </List.Item>
          </List>
        </section>

        <section>
          <Title order={3} size="h4" mb="xs">
            Support contact
          </Title>
          <Text>
            Need a hand? Write to <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>.
          </Text>
        </section>
      </Stack>
    </Modal>
  );
}
