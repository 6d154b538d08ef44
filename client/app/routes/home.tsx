import { LoadingScreen } from '../../components/ui/loading-screen';
import { LandingPage } from '../../features/landing/components/landing-page';
import { lazyWithRetry } from '../../lib/lazy-with-retry';
import { useSession } from '../../lib/session/use-session';

// Only the landing page ships with the first load; signed-in homes arrive on demand.
const RoomList = lazyWithRetry(() =>
  import('../../features/rooms/components/room-list').then((m) => ({ default: m.RoomList })),
);
const AdminDashboard = lazyWithRetry(() =>
  import('../../features/admin/components/admin-dashboard').then((m) => ({
    default: m.AdminDashboard,
  })),
);

/** '/': the landing page, the user's rooms, or the admin dashboard, by who is signed in. */
export function HomeRoute() {
  const { user, loading } = useSession();
  if (loading) return <LoadingScreen />;
  if (!user) return <LandingPage />;
  return user.role === 'admin' ? <AdminDashboard /> : <RoomList />;
}
