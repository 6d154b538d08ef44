import { Box, Text } from '@mantine/core';
import { useSession } from '../../lib/session/use-session';

/**
 * Shown while the browser is offline or the session check could not reach the server: the
 * service worker's shell still opens the app, and this says why nothing live works.
 */
export function OfflineNotice() {
  const { offline } = useSession();
  // The region is always there, empty while online: one that appeared with its words in was
  // not said by some screen readers (see useFilledAfterMount).
  return (
    <Box role="status">
      {offline && (
        <Box
          px="md"
          py="xs"
          bg="var(--mantine-color-yellow-light)"
          style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
        >
          <Text size="sm" ta="center">
            <strong>You are offline.</strong> Rooms and messages come back when your connection
            does.
          </Text>
        </Box>
      )}
    </Box>
  );
}
