/**
 * wrangler.jsonc declares the e-mail queue alike in every environment (functions/email-queue.ts tells the two queues
 * apart by name), and production's retries all come before Resend forgets an idempotency key.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import type { Env } from '../../functions/env';
import { DEAD_LETTER_SUFFIX } from '../../functions/email-queue';
import { RETRY_WINDOW_MS, retryDelaySeconds } from '../../functions/lib/outbox';

interface Consumer {
  queue: string;
  max_retries?: number;
  dead_letter_queue?: string;
}
interface Environment {
  queues?: { producers?: Array<{ binding: string; queue: string }>; consumers?: Consumer[] };
  vars?: Record<string, string>;
}

const { config } = ts.parseConfigFileTextToJson('wrangler.jsonc', readFileSync('wrangler.jsonc', 'utf8'));
const wrangler = config as Environment & { env: Record<string, Environment> };
const environments: Array<[string, Environment]> = [['(top level)', wrangler], ...Object.entries(wrangler.env)];

describe('the e-mail queue in wrangler.jsonc', () => {
  it.each(environments)('%s: EMAIL_QUEUE, its consumer, and a dead-letter queue named after it with a consumer', (_, environment) => {
    const producer = environment.queues?.producers?.find((p) => p.binding === 'EMAIL_QUEUE');
    expect(producer).toBeDefined();
    const consumers = environment.queues?.consumers ?? [];
    const consumer = consumers.find((c) => c.queue === producer!.queue);
    expect(consumer?.queue.endsWith(DEAD_LETTER_SUFFIX)).toBe(false);
    expect(consumer?.dead_letter_queue).toBe(`${producer!.queue}${DEAD_LETTER_SUFFIX}`);
    expect(consumers.map((c) => c.queue).sort()).toEqual([producer!.queue, consumer!.dead_letter_queue].sort());
  });

  it("production retries inside Resend's 24-hour idempotency window", () => {
    const retries = wrangler.queues!.consumers!.find((c) => !c.queue.endsWith(DEAD_LETTER_SUFFIX))!.max_retries!;
    const env = { OUTBOX_RETRY_BASE_SECONDS: wrangler.vars?.OUTBOX_RETRY_BASE_SECONDS } as Partial<Env> as Env;
    const waited = Array.from({ length: retries }, (_, i) => retryDelaySeconds(env, i + 1)).reduce((sum, s) => sum + s, 0);
    // 6 retries after 60 s x4 per attempt, the last capped at Queues' 12 hours:
    // 60 + 240 + 960 + 3,840 + 15,360 + 43,200 = 63,660 s (17.7 hours) after the first attempt.
    expect(retries).toBe(6);
    expect(waited).toBe(63_660);
    expect(waited * 1000).toBeLessThan(RETRY_WINDOW_MS);
  });
});
