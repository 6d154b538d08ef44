/**
 * The 'push' queue's consumer (docs/push.md). A room's message becomes deliveries
 * (push-recipients.ts), sent at once when they are few, else split into 'deliver' messages so
 * that no invocation makes more than about PUSHES_PER_MESSAGE fetches per queue message. A
 * 404 or 410 from a push service removes that subscription; a 429, a 5xx or no answer is
 * tried again with a growing delay, DELIVERY_ATTEMPTS times in all, and then given up (as is
 * any other refusal, logged): nothing loops.
 */
import { endpointRules, vapidKeys, vapidSubject } from './push-config';
import { endpointProblem } from './push-endpoint';
import type { DeliverPushMessage, Delivery, PushQueueMessage } from './push-messages';
import { pushRecipients } from './push-recipients';
import { roomTopic, sendPush, type PushOutcome, type Signer } from './send-push';
import { vapidSigningKey } from './vapid';
import { sendAll } from '../queues/send-all';

/** Pushes sent per queue message at most. */
export const PUSHES_PER_MESSAGE = 50;
/** Tries of one push, the first included. */
export const DELIVERY_ATTEMPTS = 3;
/** Pushes in flight at once. */
const CONCURRENT_PUSHES = 10;

export async function handlePushBatch(batch: MessageBatch<PushQueueMessage>, env: Env) {
  const keys = vapidKeys(env);
  if (!keys) {
    console.error('[push] VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY are not set: pushes dropped');
    return batch.ackAll();
  }
  const signer: Signer = {
    key: await vapidSigningKey(keys),
    publicKey: keys.publicKey,
    subject: vapidSubject(env),
    tokens: new Map(),
  };
  for (const message of batch.messages) {
    try {
      const body = message.body;
      if (body.kind === 'room') {
        const deliveries = await pushRecipients(env.DB, body);
        await deliverOrSplit(env, body.roomId, deliveries, signer);
      } else {
        await deliver(env, body, signer);
      }
      message.ack();
    } catch (error) {
      // Reading D1 or queueing failed before any push went out for it: the whole message again.
      console.error(`[push] ${message.body.kind} ${message.body.roomId}:`, error);
      message.retry({ delaySeconds: 2 ** message.attempts });
    }
  }
}

async function deliverOrSplit(env: Env, roomId: string, all: Delivery[], signer: Signer) {
  if (all.length <= PUSHES_PER_MESSAGE) {
    return deliver(env, { kind: 'deliver', roomId, deliveries: all, attempt: 1 }, signer);
  }
  const messages: PushQueueMessage[] = [];
  for (let i = 0; i < all.length; i += PUSHES_PER_MESSAGE) {
    const deliveries = all.slice(i, i + PUSHES_PER_MESSAGE);
    messages.push({ kind: 'deliver', roomId, deliveries, attempt: 1 });
  }
  // A sendBatch takes 256 KB at most as well as 100 messages: about a dozen of these at
  // browsers' endpoint lengths, so a room of some hundreds needs several.
  await sendAll(queueOf(env), messages);
}

async function deliver(env: Env, message: DeliverPushMessage, signer: Signer) {
  const { roomId, deliveries, attempt } = message;
  if (deliveries.length === 0) return;
  const topic = await roomTopic(roomId);
  const rules = endpointRules(env);
  const outcomes = await mapLimited(deliveries, CONCURRENT_PUSHES, (delivery) =>
    // A row from elsewhere (a local run's database, say) is never fetched when deployed.
    endpointProblem(delivery.endpoint, rules) === null
      ? sendPush(delivery, roomId, topic, signer).catch((error: unknown) => {
          console.error('[push] not sent:', error);
          return 'failed' as const;
        })
      : Promise.resolve<PushOutcome>('gone'),
  );
  // The pushes went out: a fault from here on must not make the queue take the message again,
  // which would push everyone in it again. A gone row not forgotten is met again next time.
  const gone = deliveries.filter((_, i) => outcomes[i] === 'gone');
  const again = deliveries.filter((_, i) => outcomes[i] === 'retry');
  if (gone.length) {
    await env.DB.prepare(
      'DELETE FROM push_subscriptions WHERE id IN (SELECT value FROM json_each(?))',
    )
      .bind(JSON.stringify(gone.map((d) => d.subscriptionId)))
      .run()
      .catch((error: unknown) => console.error('[push] gone subscriptions kept:', error));
  }
  if (again.length && attempt < DELIVERY_ATTEMPTS) {
    await queueOf(env)
      .send(
        { kind: 'deliver', roomId, deliveries: again, attempt: attempt + 1 },
        { contentType: 'json', delaySeconds: 30 * 2 ** (attempt - 1) },
      )
      .catch((error: unknown) => {
        console.error(`[push] ${again.length} pushes given up, not queued again:`, error);
      });
  } else if (again.length) {
    console.error(`[push] ${again.length} pushes given up after ${attempt} tries`);
  }
}

function queueOf(env: Env) {
  return env.PUSH_QUEUE as Queue<PushQueueMessage>;
}

/** `each` over `items`, at most `limit` at a time; the results in the items' order. */
async function mapLimited<T, R>(items: T[], limit: number, each: (item: T) => Promise<R>) {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await each(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
