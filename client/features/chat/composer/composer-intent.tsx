import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { ChatMessage } from '../../../../contract/realtime';

/** What the message box is doing besides writing a new message. */
export interface ComposerIntent {
  kind: 'reply' | 'edit';
  message: ChatMessage;
}

export interface ComposerActions {
  /** The next message answers this one. */
  reply: (message: ChatMessage) => void;
  /** The box takes this message's text, and sending saves it in its place. */
  edit: (message: ChatMessage) => void;
  /** Back to a new message. */
  cancel: () => void;
}

// Two contexts: the actions never change, so the message list (which only calls them) does
// not render again each time the box starts or stops replying. Outside a provider (a form or a
// list rendered alone) there is never an intent, and asking for one does nothing.
const NO_ACTIONS: ComposerActions = { reply: () => {}, edit: () => {}, cancel: () => {} };
const ActionsContext = createContext<ComposerActions>(NO_ACTIONS);
const IntentContext = createContext<ComposerIntent | null>(null);

/**
 * Shared by the message list (a message's Reply and Edit) and the message form (which shows
 * and carries out the intent). One per room screen, around both.
 */
export function ComposerIntentProvider({ children }: { children: ReactNode }) {
  const [intent, setIntent] = useState<ComposerIntent | null>(null);
  const actions = useMemo<ComposerActions>(
    () => ({
      reply: (message) => setIntent({ kind: 'reply', message }),
      edit: (message) => setIntent({ kind: 'edit', message }),
      cancel: () => setIntent(null),
    }),
    [],
  );
  return (
    <ActionsContext.Provider value={actions}>
      <IntentContext.Provider value={intent}>{children}</IntentContext.Provider>
    </ActionsContext.Provider>
  );
}

/** Reply, edit and cancel, without the intent: a component using only these never re-renders. */
export function useComposerActions(): ComposerActions {
  return useContext(ActionsContext);
}

/** The box's intent (null: a new message), and the actions that change it. */
export function useComposerIntent(): ComposerActions & { intent: ComposerIntent | null } {
  const intent = useContext(IntentContext);
  return { intent, ...useComposerActions() };
}
