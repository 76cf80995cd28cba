/**
 * The Worker's queue() handler. The e-mail queue's consumer sends each stored e-mail and retries a failure after the
 * outbox's backoff; after `max_retries` (wrangler.jsonc) the message goes to the dead-letter queue, whose consumer marks
 * the e-mail given up and alerts the business.
 */
import type { Env } from './env';
import { EMAIL_LINKS } from './email-links';
import { alertGivenUp } from './lib/give-up-alert';
import { deliverEmails, giveUp } from './lib/outbox';

/** A dead-letter queue is named after its queue (tests/unit/email-queue-config.test.ts holds wrangler.jsonc to it). */
export const DEAD_LETTER_SUFFIX = '-dead-letters';

function keyOf(message: Message<unknown>): string | null {
  const { body } = message;
  return typeof body === 'object' && body !== null && 'key' in body && typeof body.key === 'string' ? body.key : null;
}

export async function consumeEmails(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  // One message per row: a duplicate (a sweep's, or the queue's at-least-once delivery) is done with here.
  const messages = new Map<string, Message<unknown>>();
  for (const message of batch.messages) {
    const key = keyOf(message);
    if (key && !messages.has(key)) messages.set(key, message);
    else {
      if (!key) console.error(`queue ${batch.queue}: a message without an e-mail key, dropped`);
      message.ack();
    }
  }
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) {
    await giveUp(env, [...messages.keys()]);
    // Throws if the alert could not go: the batch is retried, and the cron trigger reports what is still untold.
    await alertGivenUp(env);
    for (const message of messages.values()) message.ack();
    return;
  }
  const deliveries = await deliverEmails(
    env,
    [...messages].map(([key, message]) => ({ key, attempt: message.attempts })),
    EMAIL_LINKS,
  );
  for (const [key, message] of messages) {
    const delivery = deliveries.get(key);
    if (!delivery || delivery.done) message.ack();
    else message.retry({ delaySeconds: delivery.delaySeconds });
  }
}
