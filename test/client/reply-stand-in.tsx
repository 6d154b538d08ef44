import type { ChatMessage } from '../../contract/realtime';
import { useComposerActions } from '../../client/features/chat/composer/composer-intent';

/** Reply, as a message's actions give it: a button 'reply to {author}' for each message. */
export function ReplyStandIn({ to }: { to: readonly ChatMessage[] }) {
  const { reply } = useComposerActions();
  return (
    <>
      {to.map((message) => (
        <button key={message.id} type="button" onClick={() => reply(message)}>
          reply to {message.user}
        </button>
      ))}
    </>
  );
}
