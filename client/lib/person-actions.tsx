/**
 * What a list of a room's people offers beside each person, composed in by the route: the chat
 * feature's online list and the rooms feature's members list show it without knowing the
 * feature that provides it (features do not import each other). Without a provider (a screen
 * rendered alone, in a test) nothing is offered.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** Renders the actions for `nickname`, a member of `roomId`, or nothing. */
export type PersonActions = (roomId: string, nickname: string) => ReactNode;

const PersonActionsContext = createContext<PersonActions>(() => null);

export const PersonActionsProvider = PersonActionsContext.Provider;

export function usePersonActions(): PersonActions {
  return useContext(PersonActionsContext);
}
