/** Sending many messages to a queue within Cloudflare Queues' limits for one sendBatch. */

/** Queues take at most 100 messages and 256 KB per sendBatch; stay under both. */
const BATCH_MESSAGES = 100;
const BATCH_BYTES = 200_000;

export async function sendAll<Body>(queue: Queue<Body>, messages: Body[], delaySeconds?: number) {
  let batch: MessageSendRequest<Body>[] = [];
  let bytes = 0;
  for (const body of messages) {
    // UTF-8 takes at most 3 bytes per UTF-16 unit: a bound without encoding every message.
    const size = JSON.stringify(body).length * 3;
    if (batch.length === BATCH_MESSAGES || (batch.length > 0 && bytes + size > BATCH_BYTES)) {
      await queue.sendBatch(batch, { delaySeconds });
      batch = [];
      bytes = 0;
    }
    batch.push({ body, contentType: 'json' });
    bytes += size;
  }
  if (batch.length > 0) await queue.sendBatch(batch, { delaySeconds });
}
