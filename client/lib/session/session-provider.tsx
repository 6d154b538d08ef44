import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicUser } from '../../../contract/user';
import { clearDrafts, keepOnlyDraftsOf } from '../draft-storage';
import { clearStoredOutbox, keepOnlyStoredOutboxOf } from '../outbox-storage';
import { clearPendingChatLink } from '../pending-chat-link';
import { clearPendingInvitation } from '../pending-invitation';
import { forgetReadMarks, keepReadMarksOf } from '../unread/read-marks';
import { sessionKeys } from '../query-keys';
import { forgetStoredRoom, keepStoredRoomOf, storeRoom } from './stored-room';
import { getCurrentUser } from './get-current-user';
import { maybeSignedIn, rememberSignedIn } from './session-hint';
import { useOnline } from './use-online';
import { forgetOwedLogout, logout as requestLogout, settleOwedLogout } from './logout';
import { subscribeToPush } from '../push-subscription';
import { SessionContext, type Session } from './session-context';

/** How often a session check that got no answer is asked again while the page is in view. */
const SESSION_RETRY_MS = 30_000;

/**
 * The signed-in user lives in the query cache under `sessionKeys.user`: checked once at
 * startup (again while that gets no answer: docs/offline.md), replaced by a login or a local
 * change, and re-read from the server when a feature invalidates it (an email change). It
 * never goes stale by itself, since the cookie's user only changes through this app.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const online = useOnline();
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: sessionKeys.user,
    queryFn: currentUserOwningStoredRoom,
    // No sign of a session (or no browser: the build prerenders a visitor's pages) is a visitor,
    // known at once: their first render is already the page (the prerendered one), not 'Loading...'.
    initialData: () => (typeof document === 'undefined' || !maybeSignedIn() ? null : undefined),
    staleTime: Infinity,
    gcTime: Infinity,
    // A check without an answer shows the offline state at once, not after a retry's delay...
    retry: false,
    // ...and is asked again now and then: a server that was down answers without any 'online'
    // event to say so (the effect below covers the browser's own return).
    refetchInterval: (query) => (query.state.status === 'error' ? SESSION_RETRY_MS : false),
    // Offline, the check runs and fails at once (the offline state) instead of waiting paused.
    networkMode: 'always',
  });
  const user = data ?? null;
  // Set while rendering, as state derived from the session is: once a user, for the page's life.
  const [userSeen, setUserSeen] = useState(false);
  if (user && !userSeen) setUserSeen(true);
  // No answer yet, and none cached: neither signed in nor signed out (get-current-user.ts).
  const unknown = isError && data === undefined;
  // Texts another account left unsent or half-typed in this browser are not for this one (nor
  // kept for it).
  const userId = user?.id;
  useEffect(() => {
    if (!userId) return;
    void keepOnlyStoredOutboxOf(userId);
    keepOnlyDraftsOf(userId);
    // Nor is what another account read here: it would hide this one's unread messages.
    keepReadMarksOf(userId);
  }, [userId]);
  // A signed-in person who allowed notifications: their push subscription reaches the server
  // again (the browser may have renewed it, or the server's key changed). Nothing otherwise.
  useEffect(() => {
    if (userId) void subscribeToPush();
  }, [userId]);
  // Query's own reconnect refetch never fires after an offline start: it assumes it is online.
  useEffect(() => {
    if (online && isError) void refetch();
  }, [online, isError, refetch]);
  // A logout sent while offline reaches the server as soon as the network is back (not once
  // someone signed in again: their cookie is the one it would end).
  useEffect(() => {
    if (online && !userId) void settleOwedLogout();
  }, [online, userId]);

  const setUser = useCallback(
    (next: PublicUser | null) => {
      if (next) {
        keepStoredRoomOf(next.id);
        forgetOwedLogout();
      }
      rememberSignedIn(next !== null);
      queryClient.setQueryData(sessionKeys.user, next);
    },
    [queryClient],
  );

  // Reads the user from the cache rather than closing over it, so that callers' effects can
  // depend on it without running again whenever the user changes.
  const enterRoom = useCallback(
    (roomId: string, nickname: string | null) => {
      const current = queryClient.getQueryData<PublicUser | null>(sessionKeys.user);
      storeRoom(current?.id, roomId, nickname);
      if (current && (current.roomId !== roomId || current.activeNickname !== nickname)) {
        setUser({ ...current, roomId, activeNickname: nickname });
      }
    },
    [queryClient, setUser],
  );

  const logout = useCallback(async () => {
    const leaving = queryClient.getQueryData<PublicUser | null>(sessionKeys.user);
    await requestLogout();
    // The account's unsent and half-typed texts leave with it (account deletion signs out this
    // way too).
    if (leaving) {
      await clearStoredOutbox(leaving.id);
      clearDrafts(leaving.id);
    }
    setUser(null);
    // What was read for the account that just left (its rooms' members and their emails, among
    // others) must not show to the next person on this browser, even for a moment.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.user[0] });
    // The stored room belongs to the account that just left; the next one must not inherit it.
    forgetStoredRoom();
    forgetReadMarks();
    // So is an invitation or a chat link this tab was left holding (its prompt left unanswered,
    // its sign-in never made): the next account signed in here would otherwise be led to it.
    clearPendingInvitation();
    clearPendingChatLink();
  }, [queryClient, setUser]);

  const value = useMemo<Session>(
    () => ({
      loading: isPending,
      user,
      userSeen,
      unknown,
      // A check that got no answer at all (it rejects only then) means the server is unreachable.
      offline: !online || isError,
      logout,
      setUser,
      enterRoom,
      forgetRoom: forgetStoredRoom,
    }),
    [isPending, user, userSeen, unknown, online, isError, logout, setUser, enterRoom],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}

/**
 * The session check, and a room another account stored here gone before any screen reads it
 * (stored-room.ts): a room's id joins it, and /chat would lead there.
 */
async function currentUserOwningStoredRoom(): Promise<PublicUser | null> {
  const user = await getCurrentUser();
  if (user) keepStoredRoomOf(user.id);
  return user;
}
