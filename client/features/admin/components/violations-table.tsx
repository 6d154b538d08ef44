import { Badge, Table, Text } from '@mantine/core';
import type { IpViolation } from '../../../../contract/admin';
import { BusyButton } from '../../../components/ui/busy-button';
import { errorText } from '../../../lib/api-client';
import { useUnblockIp } from '../api/unblock-ip';
import { TableSection } from './table-section';

/**
 * Spec: 'blocked' is red, any other status yellow. The shades are chosen for contrast:
 * white on red 9 and, through autoContrast, black on yellow 6 both pass WCAG AA.
 */
function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={status === 'blocked' ? 'red.9' : 'yellow.6'} autoContrast>
      {status}
    </Badge>
  );
}

/** Recent offenders; a blocked address can be unblocked, which reloads the security data. */
export function ViolationsTable({ violations }: { violations: IpViolation[] }) {
  const unblock = useUnblockIp();

  const handleUnblock = async (ip: string) => {
    try {
      await unblock.mutateAsync(ip);
    } catch (failure) {
      window.alert(errorText(failure, 'Failed to unblock IP'));
    }
  };

  return (
    <TableSection title="Recent Violations" titleId="recent-violations-title" minWidth={560}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>IP</Table.Th>
          <Table.Th>Threat Score</Table.Th>
          <Table.Th>Violations</Table.Th>
          <Table.Th>Last Seen</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Actions</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {violations.length === 0 && (
          <Table.Tr>
            <Table.Td colSpan={6}>
              <Text>No recent violations</Text>
            </Table.Td>
          </Table.Tr>
        )}
        {violations.map((violation) => (
          <Table.Tr key={violation.ip}>
            <Table.Td>
              <Text ff="monospace" size="sm">
                {violation.ip}
              </Text>
            </Table.Td>
            <Table.Td>{violation.threatScore}</Table.Td>
            <Table.Td>{violation.violationCount}</Table.Td>
            <Table.Td>{new Date(violation.lastSeen).toLocaleString()}</Table.Td>
            <Table.Td>
              <StatusBadge status={violation.status} />
            </Table.Td>
            <Table.Td>
              {violation.status === 'blocked' && (
                <BusyButton
                  size="xs"
                  variant="default"
                  busy={unblock.isPending}
                  onClick={() => void handleUnblock(violation.ip)}
                >
                  Unblock
                </BusyButton>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </TableSection>
  );
}
