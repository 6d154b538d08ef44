import type { Outbox } from './outbox';
import { SendPacer } from './send-pacer';
import { ACK_TIMEOUT_MS, type RoomSocket } from './socket-calls';

export interface OutboxSender {
  /** Sends what waits, if the room is joined; what the pace holds back goes later. */
  flush: () => void;
  stop: () => void;
}

/**
 * A send refused as too fast (the person's other tabs or devices used the room's allowance)
 * goes again after this.
 */
const TOO_FAST_RETRY_MS = 1000;

/**
 * Sends the outbox's messages to the room, each with its clientId: a resend after a drop or a
 * lost answer is safe, the room knows each one. One at a time, oldest first, at the pacer's
 * pace, so a queue typed while offline is not refused past the room's burst when the
 * connection comes back; and a send refused as too fast (the room's limit is per person,
 * across their tabs) waits and goes again before anything typed after it, so the order holds.
 */
export function outboxSender(
  socket: RoomSocket,
  roomId: string,
  outbox: Outbox,
  joined: () => boolean,
  isShown: (messageId: number) => boolean,
): OutboxSender {
  const pacer = new SendPacer();
  let waitTimer: ReturnType<typeof setTimeout> | null = null;
  let sending = false;

  const flushIn = (ms: number) => {
    waitTimer = setTimeout(() => {
      waitTimer = null;
      flush();
    }, ms);
  };

  const flush = () => {
    if (!joined() || !socket.connected || waitTimer !== null || sending) return;
    if (!outbox.hasUnsent()) return;
    if (pacer.available() === 0) return flushIn(pacer.nextIn());
    const [entry] = outbox.takeUnsent(1);
    const { clientId, text, replyTo, files } = entry!;
    pacer.spend();
    sending = true;
    const payload = {
      text,
      roomId,
      clientId,
      ...(replyTo !== undefined && { replyTo }),
      // The room needs the ids alone; the rest of each file is for the box, if it comes back.
      ...(files && { files: files.map((file) => file.id) }),
    };
    socket.timeout(ACK_TIMEOUT_MS).emit('sendMessage', payload, (timedOut, ack) => {
      sending = false;
      // No answer (or the connection dropped): it goes again, first.
      if (timedOut) {
        outbox.unanswered(clientId);
        return flush();
      }
      if (ack.code === 'rate_limited') {
        outbox.unanswered(clientId);
        return flushIn(TOO_FAST_RETRY_MS);
      }
      if (ack.error) outbox.settle(clientId, { ok: false, error: ack.error, code: ack.code });
      else {
        // Stored: the entry stays until its message is listed (unless it already is).
        const id = typeof ack.id === 'number' && !isShown(ack.id) ? ack.id : undefined;
        outbox.settle(clientId, { ok: true }, id);
      }
      flush();
    });
  };

  return {
    flush,
    stop: () => {
      if (waitTimer !== null) clearTimeout(waitTimer);
      waitTimer = null;
    },
  };
}
