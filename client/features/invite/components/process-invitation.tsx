import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Loader } from '@mantine/core';
import { INVITE_PARAM } from '../../../../contract/invites';
import { StatusPanel } from '../../../components/ui/status-panel';
import { invitationPath, type PendingInvitation } from '../../../lib/pending-invitation';
import { keepInvitationForSignIn } from '../../../lib/sign-in-destination';
import { useSession } from '../../../lib/session/use-session';

/**
 * /invite?room=X[&invite=code] (spec point 4, 'Invite flow'): a signed-in person goes on to
 * the invitation's prompt; anyone else to registration, with the invitation kept for this
 * tab's sign-up and sign-in (lib/pending-invitation.ts), which end at the same prompt. Nothing
 * here joins: any site can send a visitor to this address.
 */
export function ProcessInvitation() {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const room = params.get('room');
  const invite = params.get(INVITE_PARAM);

  useEffect(() => {
    if (!room) {
      navigate('/', { replace: true });
      return;
    }
    if (loading) return;
    const invitation: PendingInvitation = { room, ...(invite ? { invite } : {}) };
    if (user) {
      navigate(invitationPath(invitation), { replace: true });
    } else {
      keepInvitationForSignIn(invitation);
      navigate('/register', { replace: true });
    }
  }, [room, invite, user, loading, navigate]);

  return (
    <StatusPanel title="Processing Invitation">
      <Loader role="status" aria-label="Processing invitation" />
    </StatusPanel>
  );
}
