import type { Socket } from 'socket.io-client';
import type { ClientToServerEvents, ServerToClientEvents } from '../../../../contract/realtime';
import type { Outbox } from './outbox';
import { SendPacer } from './send-pacer';

/** No acknowledgement is awaited for ever. */
export const ACK_TIMEOUT_MS = 10_000;

export interface OutboxSender {
  /** Sends what waits, if the room is joined; what the pace holds back goes later. */
  flush: () => void;
  stop: () => void;
}

/**
 * Sends the outbox's messages to the room, each with its clientId: a resend after a drop or a
 * lost answer is safe, the room knows each one. They go at the pacer's pace, so a queue typed
 * while offline is not refused past the room's burst when the connection comes back.
 */
export function outboxSender(
  socket: Socket<ServerToClientEvents, ClientToServerEvents>,
  roomId: string,
  outbox: Outbox,
  joined: () => boolean,
  isShown: (messageId: number) => boolean,
): OutboxSender {
  const pacer = new SendPacer();
  let paceTimer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (!joined() || !socket.connected || paceTimer !== null) return;
    for (const { clientId, text } of outbox.takeUnsent(pacer.available())) {
      pacer.spend();
      socket
        .timeout(ACK_TIMEOUT_MS)
        .emit('sendMessage', { text, roomId, clientId }, (timedOut, ack) => {
          if (timedOut) {
            outbox.unanswered(clientId);
            return flush();
          }
          if (ack.error) return outbox.settle(clientId, { ok: false, error: ack.error });
          // Stored: the entry stays until its message is listed (unless it already is).
          const id = typeof ack.id === 'number' && !isShown(ack.id) ? ack.id : undefined;
          outbox.settle(clientId, { ok: true }, id);
        });
    }
    if (!outbox.hasUnsent()) return;
    paceTimer = setTimeout(() => {
      paceTimer = null;
      flush();
    }, pacer.nextIn());
  };

  return {
    flush,
    stop: () => {
      if (paceTimer !== null) clearTimeout(paceTimer);
      paceTimer = null;
    },
  };
}
