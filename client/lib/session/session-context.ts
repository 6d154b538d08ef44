import { createContext } from 'react';
import type { PublicUser } from '../../../contract/user';

export interface Session {
  /** True until the startup check of the session cookie has answered. */
  loading: boolean;
  user: PublicUser | null;
  /** Throws the ApiError of a failed login, leaving the user unchanged. */
  login: (email: string, password: string) => Promise<PublicUser>;
  logout: () => Promise<void>;
  /** Replaces the user, e.g. with the one the server returns after an email change. */
  setUser: (user: PublicUser | null) => void;
}

export const SessionContext = createContext<Session | null>(null);
