import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { PublicUser } from '../../../contract/user';
import { removeStored, storageKeys } from '../storage';
import { getCurrentUser } from './get-current-user';
import { login as requestLogin } from './login';
import { logout as requestLogout } from './logout';
import { SessionContext, type Session } from './session-context';

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<PublicUser | null>(null);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    // StrictMode mounts twice in development; only the live effect may write state.
    const controller = new AbortController();
    void getCurrentUser().then((current) => {
      if (controller.signal.aborted) return;
      setUser(current);
      setLoading(false);
    });
    return () => controller.abort();
  }, []);

  const login = useCallback(async (email: string, password: string) => {
    const signedIn = await requestLogin(email, password);
    setUser(signedIn);
    return signedIn;
  }, []);

  const logout = useCallback(async () => {
    await requestLogout();
    setUser(null);
    // The stored room belongs to the account that just left; the next one must not inherit it.
    removeStored(storageKeys.joinedRoomId, storageKeys.activeNickname);
  }, []);

  const value = useMemo<Session>(
    () => ({ loading, user, login, logout, setUser }),
    [loading, user, login, logout],
  );

  return <SessionContext value={value}>{children}</SessionContext>;
}
