import { Group, Stack, Text, Title } from '@mantine/core';
import { BusyButton } from '../../../components/ui/busy-button';
import { useBlocks, useUnblock } from '../api/direct-messages';
import { showRequestError } from '../../../components/ui/request-error-toast';

/**
 * The settings' list of people the person blocked, by the name they knew them by, each with
 * Unblock: then either may open a private conversation again (a new, empty one). Nothing is
 * shown while nobody is blocked.
 */
export function BlockedPeople() {
  const blocks = useBlocks();
  const unblock = useUnblock();
  const list = blocks.data?.blocks ?? [];
  if (list.length === 0) return null;

  return (
    <Stack gap="xs" component="section" aria-labelledby="blocked-people-title">
      <Title order={3} size="h5" id="blocked-people-title">
        People you blocked
      </Title>
      <Text size="sm" c="dimmed">
        Neither of you can message the other privately while they are blocked.
      </Text>
      <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {list.map((person) => (
          <Group key={person.id} component="li" justify="space-between" wrap="nowrap">
            <Text size="sm" style={{ wordBreak: 'break-word' }}>
              {person.nickname}
            </Text>
            <BusyButton
              size="xs"
              variant="default"
              aria-label={`Unblock ${person.nickname}`}
              busy={unblock.isPending && unblock.variables === person.id}
              loader
              onClick={() =>
                unblock.mutate(person.id, {
                  onError: (error) => showRequestError(error, "Couldn't unblock"),
                })
              }
            >
              Unblock
            </BusyButton>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
