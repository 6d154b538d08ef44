import { Badge } from '@mantine/core';

/**
 * Beside a member's email: they never opened the link mailed to it, so it may not be theirs.
 * Features do not share components, so Manage Users has its own.
 */
export function UnverifiedBadge() {
  return (
    <Badge
      ml="xs"
      size="sm"
      color="gray"
      variant="outline"
      title="This member has not opened the link mailed to this address yet"
    >
      unverified
    </Badge>
  );
}
