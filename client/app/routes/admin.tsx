import { AdminDashboard } from '../../features/admin/components/admin-dashboard';

export default function AdminRoute() {
  return <AdminDashboard />;
}
