import { Badge, Code, Group, Paper, ScrollArea, Stack, Text, Title } from '@mantine/core';
import type { SecurityEvent } from '../../../../contract/admin';

/** Spec point 9: the list is at most 500 px high and scrolls past that. */
const EVENTS_MAX_HEIGHT_PX = 500;

export function SecurityEvents({ events }: { events: SecurityEvent[] }) {
  return (
    // Unnamed section: the scrolling list below is the region that carries the title's name.
    <section>
      <Title order={2} size="h3" id="recent-events-title" mb="sm">
        Recent Events
      </Title>
      {events.length === 0 ? (
        <Text>No security events recorded</Text>
      ) : (
        <ScrollArea.Autosize
          mah={EVENTS_MAX_HEIGHT_PX}
          type="auto"
          // A scrolling region must be reachable by keyboard and named for screen readers.
          viewportProps={{ tabIndex: 0, role: 'region', 'aria-labelledby': 'recent-events-title' }}
        >
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {events.map((event) => (
              <EventLine key={event.id} event={event} />
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </section>
  );
}

/**
 * One line, which may stand for many events (a flood from one address is counted on one line
 * an hour): their count, the newest one's time, and since when.
 */
function EventLine({ event }: { event: SecurityEvent }) {
  const repeated = event.count > 1;
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" gap="xs" mb={4}>
        <Group gap="xs">
          <Text fw={600}>{event.eventType}</Text>
          {repeated && (
            <Badge variant="light" color="orange" autoContrast>
              {event.count.toLocaleString()} times
            </Badge>
          )}
        </Group>
        <Text size="sm">{new Date(event.timestamp).toLocaleString()}</Text>
      </Group>
      {repeated && event.firstTimestamp && (
        <Text size="xs" c="dimmed" mb={4}>
          First at {new Date(event.firstTimestamp).toLocaleString()}
        </Text>
      )}
      {/* Wrapped, so long values never add a second, sideways scroll region. */}
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {JSON.stringify(event.details, null, 2)}
      </Code>
    </Paper>
  );
}
