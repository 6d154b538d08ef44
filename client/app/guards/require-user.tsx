import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useSession } from '../../lib/session/use-session';

/**
 * The signed-in guard of spec point 2: 'Loading...', then the page or /login
 * (/login?redirect=join from /join).
 */
export function RequireUser() {
  const { user, loading, unknown } = useSession();
  const { pathname } = useLocation();
  // Unknown: offline, not signed out. It waits under the offline notice for the next check.
  if (loading || unknown) return <LoadingScreen />;
  // The join screen's own way to the login (spec point 2, 'Join screen').
  if (!user)
    return <Navigate to={pathname === '/join' ? '/login?redirect=join' : '/login'} replace />;
  return <Outlet />;
}
