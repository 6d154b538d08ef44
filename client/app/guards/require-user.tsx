import { useEffect } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '../../components/ui/loading-screen';
import { chatLinkOf } from '../../lib/pending-chat-link';
import { keepChatLinkForSignIn } from '../../lib/sign-in-destination';
import { useSession } from '../../lib/session/use-session';

/**
 * The signed-in guard of spec point 2: 'Loading...', then the page or /login
 * (/login?redirect=join from /join). A chat (a message's link above all) opened signed out is
 * kept for the sign-in, which ends there (lib/sign-in-destination.ts).
 */
export function RequireUser() {
  const { user, userSeen, loading, unknown } = useSession();
  const { pathname, search, key } = useLocation();
  const signedOut = !loading && !unknown && !user;
  // Only an address the tab was opened at (a link followed, pasted or typed: the first entry,
  // which the router keys 'default', even when Back returns to it) by someone not signed in on
  // this page is kept. A chat gone back to after a logout, or whose session ended under it, is
  // the last account's room: the next person signing in here is not led there.
  const opened = key === 'default';

  useEffect(() => {
    if (!signedOut || !opened || userSeen) return;
    const link = chatLinkOf(pathname, search);
    if (link) keepChatLinkForSignIn(link);
  }, [signedOut, opened, userSeen, pathname, search]);

  // Unknown: offline, not signed out. It waits under the offline notice for the next check.
  if (loading || unknown) return <LoadingScreen />;
  // The join screen's own way to the login (spec point 2, 'Join screen').
  if (!user)
    return <Navigate to={pathname === '/join' ? '/login?redirect=join' : '/login'} replace />;
  return <Outlet />;
}
