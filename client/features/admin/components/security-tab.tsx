import { useCallback, useEffect, useState } from 'react';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import type { IpStats, SecurityEvent, SecuritySummary } from '../../../../contract/admin';
import { getIpStats } from '../api/get-ip-stats';
import { getSecurityLogs } from '../api/get-security-logs';
import { getSecuritySummary } from '../api/get-security-summary';
import { SecurityEvents } from './security-events';
import { StatTile } from './stat-tile';
import { ViolationsTable } from './violations-table';

/**
 * Security monitoring. It loads when it mounts, which the dashboard arranges to happen each
 * time the tab opens, and on Refresh. The spec only logs a failed load; each of the three
 * calls that succeeded still shows its part.
 */
export function SecurityTab() {
  const [events, setEvents] = useState<SecurityEvent[] | null>(null);
  const [summary, setSummary] = useState<SecuritySummary | null>(null);
  const [ipStats, setIpStats] = useState<IpStats | null>(null);
  const [loading, setLoading] = useState(false);

  const load = useCallback(async (isCurrent: () => boolean = () => true) => {
    setLoading(true);
    const [logs, totals, ips] = await Promise.allSettled([
      getSecurityLogs(),
      getSecuritySummary(),
      getIpStats(),
    ]);
    for (const result of [logs, totals, ips]) {
      if (result.status === 'rejected') {
        console.error('Failed to load security data', result.reason);
      }
    }
    if (!isCurrent()) return;
    if (logs.status === 'fulfilled') setEvents(logs.value ?? []);
    if (totals.status === 'fulfilled') setSummary(totals.value);
    if (ips.status === 'fulfilled') setIpStats(ips.value);
    setLoading(false);
  }, []);

  useEffect(() => {
    let current = true;
    void load(() => current);
    return () => {
      current = false;
    };
  }, [load]);

  return (
    <Stack gap="xl">
      <Group justify="flex-end">
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden />}
          loading={loading}
          onClick={() => void load()}
        >
          Refresh
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <StatTile label="Blocked IPs" value={ipStats?.blockedCount ?? null} />
        <StatTile label="Watchlist" value={ipStats?.watchlistCount ?? null} />
        <StatTile label="24h Violations" value={summary?.total ?? null} />
      </SimpleGrid>
      <ViolationsTable violations={ipStats?.recentViolations ?? []} onChanged={() => void load()} />
      <SecurityEvents events={events ?? []} />
    </Stack>
  );
}
