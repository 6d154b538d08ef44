import { Button, Group, Loader, Text } from '@mantine/core';
import type { ConnectionState } from '../connection/room-state';

interface ConnectionStatusProps {
  state: ConnectionState;
  /** A refusal is the dialog's to tell: the status then stays quiet. */
  refused: boolean;
  onReconnect: () => void;
}

const TEXT: Partial<Record<ConnectionState, string>> = {
  reconnecting: 'Reconnecting…',
  disconnected: 'Connection lost.',
};

/**
 * Above the message box: a drop shows at once ('Reconnecting…', while the client retries and
 * messages wait to go out); once the retries ran out, a Reconnect button (the chat also tries
 * again when the browser comes back online, the tab is shown again, or every 15 s in view).
 */
export function ConnectionStatus({ state, refused, onReconnect }: ConnectionStatusProps) {
  const text = refused ? undefined : TEXT[state];
  return (
    <Group gap="xs" justify="center" wrap="nowrap" mb={text ? 'xs' : 0}>
      {/* Always in the page, so that assistive technology hears each change. */}
      <Text role="status" aria-label={text} size="sm" fw={500}>
        {state === 'reconnecting' && text && (
          <Loader size={12} color="orange" mr={6} display="inline-block" aria-hidden />
        )}
        {text}
      </Text>
      {text && state === 'disconnected' && (
        <Button size="compact-sm" variant="light" onClick={onReconnect}>
          Reconnect
        </Button>
      )}
    </Group>
  );
}
