import { Navigate, Outlet } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { useSession } from '../../lib/session/use-session';

/** The signed-in guard of spec point 2: 'Loading...', then the page or /login. */
export function RequireUser() {
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen />;
  if (!user) return <Navigate to="/login" replace />;
  return <Outlet />;
}
