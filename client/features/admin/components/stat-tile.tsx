import { Paper, Text } from '@mantine/core';

/** One labelled number: the dashboard's counts and the security tab's tiles. */
export function StatTile({ label, value }: { label: string; value: number | null }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="sm" fw={600}>
        {label}
      </Text>
      {/* An em dash until the first answer, so a missing count never reads as zero. */}
      <Text fz={28} fw={700} lh={1.2}>
        {value ?? '—'}
      </Text>
    </Paper>
  );
}
