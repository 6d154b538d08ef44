import { createContext } from 'react';
import type { PublicUser } from '../../../contract/user';

export interface Session {
  /** True until the startup check of the session cookie has answered. */
  loading: boolean;
  user: PublicUser | null;
  /**
   * A user was signed in at some point of this page's life (a reload or a link opened starts
   * again): Back after a logout returns to that account's pages, which are not a visitor's.
   */
  userSeen: boolean;
  /**
   * The check got no answer (offline, the server unreachable): the person may well be signed
   * in, so guards wait (the offline notice up) rather than send them to /login. It is asked
   * again when the browser comes back online, and every so often meanwhile.
   */
  unknown: boolean;
  /** The browser is offline, or the session check could not reach the server. */
  offline: boolean;
  logout: () => Promise<void>;
  /** Replaces the user (after a login). */
  setUser: (user: PublicUser | null) => void;
  /**
   * Makes `roomId` the current room, under `nickname` (null: not known yet, the chat screen
   * looks it up), on the user and in storage: after a join, a switch or an admin's entry.
   */
  enterRoom: (roomId: string, nickname: string | null) => void;
  /** Forgets the stored current room: it is gone, or it belongs to someone else. */
  forgetRoom: () => void;
}

export const SessionContext = createContext<Session | null>(null);
