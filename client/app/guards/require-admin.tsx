import { Link, Navigate, Outlet } from 'react-router';
import { Button } from '@mantine/core';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { StatusPanel } from '../../components/ui/status-panel';
import { useSession } from '../../lib/session/use-session';

/**
 * The admin guard. The worker re-checks the role on every admin call; this only spares a
 * regular user a page of failing requests.
 */
export function RequireAdmin() {
  const { user, loading, unknown } = useSession();
  // Unknown: offline, not signed out. It waits under the offline notice for the next check.
  if (loading || unknown) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== 'admin') {
    return (
      <StatusPanel
        title="Access Denied"
        text="You don't have permission to access the admin dashboard."
      >
        <Button component={Link} to="/">
          Return to Home
        </Button>
      </StatusPanel>
    );
  }
  return <Outlet />;
}
