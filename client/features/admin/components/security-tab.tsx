import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Group, SimpleGrid, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { BusyButton } from '../../../components/ui/busy-button';
import { adminKeys } from '../api/admin-keys';
import { useIpStats } from '../api/get-ip-stats';
import { useSecurityLogs } from '../api/get-security-logs';
import { useSecuritySummary } from '../api/get-security-summary';
import { SecurityEvents } from './security-events';
import { StatTile } from './stat-tile';
import { ViolationsTable } from './violations-table';

/**
 * Security monitoring. It loads when it mounts, which the dashboard arranges to happen each
 * time the tab opens, and on Refresh. The spec only logs a failed load (the queries do); each
 * of the three calls that succeeded still shows its part.
 */
export function SecurityTab() {
  const queryClient = useQueryClient();
  const logs = useSecurityLogs();
  const summary = useSecuritySummary();
  const ipStats = useIpStats();
  const loading = useIsFetching({ queryKey: adminKeys.security() }) > 0;

  return (
    <Stack gap="xl">
      <Group justify="flex-end">
        <BusyButton
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          busy={loading}
          loader
          onClick={() => void queryClient.invalidateQueries({ queryKey: adminKeys.security() })}
        >
          Refresh
        </BusyButton>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatTile label="Blocked IPs" value={ipStats.data?.blockedCount ?? null} />
        <StatTile label="Watchlist" value={ipStats.data?.watchlistCount ?? null} />
        <StatTile label="24h Violations" value={summary.data?.violations ?? null} />
      </SimpleGrid>
      <ViolationsTable violations={ipStats.data?.recentViolations ?? []} />
      <SecurityEvents events={logs.data ?? []} />
    </Stack>
  );
}
