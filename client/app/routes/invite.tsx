import { ProcessInvitation } from '../../features/invite/components/process-invitation';

export default function InviteRoute() {
  return <ProcessInvitation />;
}
