import { Center, Group, Loader, Text } from '@mantine/core';

/** The spec's 'Loading...' state, shared by the session check, the guards and lazy routes. */
export function LoadingScreen() {
  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" aria-hidden />
        <Text>Loading...</Text>
      </Group>
    </Center>
  );
}
