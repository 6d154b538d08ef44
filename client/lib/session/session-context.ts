import { createContext } from 'react';
import type { PublicUser } from '../../../contract/user';

export interface Session {
  /** True until the startup check of the session cookie has answered. */
  loading: boolean;
  user: PublicUser | null;
  /** The browser is offline, or the session check could not reach the server. */
  offline: boolean;
  logout: () => Promise<void>;
  /** Replaces the user: after a login, or with the room and nickname a join or switch chose. */
  setUser: (user: PublicUser | null) => void;
}

export const SessionContext = createContext<Session | null>(null);
