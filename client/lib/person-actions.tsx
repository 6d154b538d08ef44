/**
 * What the chat offers about a room's people, composed in by the route: the chat feature's
 * online list, its messages' menus and the rooms feature's members list show it without
 * knowing the feature that provides it (features do not import each other). Without a provider
 * (a screen rendered alone, in a test) nothing is offered.
 */
import { createContext, useContext, type ReactNode } from 'react';

/** Renders the actions for `nickname`, a member of `roomId`, or nothing. */
export type PersonActions = (roomId: string, nickname: string) => ReactNode;

/**
 * The author of a message, as its menu knows them: the nickname it shows, and its id, by which
 * the server finds the account that wrote it (the nickname may be someone else's by now).
 */
export interface MessageAuthor {
  nickname: string;
  messageId: number;
}

/** Renders the menu items about the author of a message of `roomId`, or nothing. */
export type AuthorActions = (roomId: string, author: MessageAuthor) => ReactNode;

const PersonActionsContext = createContext<PersonActions>(() => null);

/** Beside each person of a list: buttons. */
export const PersonActionsProvider = PersonActionsContext.Provider;

export function usePersonActions(): PersonActions {
  return useContext(PersonActionsContext);
}

const PersonMenuItemsContext = createContext<AuthorActions>(() => null);

/** In the actions menu of a person's message, about its author: menu items. */
export const PersonMenuItemsProvider = PersonMenuItemsContext.Provider;

export function usePersonMenuItems(): AuthorActions {
  return useContext(PersonMenuItemsContext);
}
